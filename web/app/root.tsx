import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  isRouteErrorResponse,
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  useRouteError,
} from 'react-router';
import { ToastProvider } from '#web/components/ui/toast.tsx';
import { TestModeBanner } from '#web/features/payments/components/test-mode-banner.tsx';
import { InlineStyles } from '#web/lib/inline-styles.tsx';
import { PageActivity } from '#web/lib/page-activity.tsx';
import { paths } from '#web/lib/paths.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { pageData, prefetchQueries, RouteQueriesBoundary } from '#web/lib/route-queries.tsx';
import { storeConfigQuery } from '#web/lib/store-config.ts';

declare module 'react-router' {
  interface AppLoadContext {
    /** Where the store is reached from outside (PUBLIC_URL): canonical URLs and link previews. */
    publicUrl: string;
  }
}

export async function loader({ context }: LoaderFunctionArgs) {
  let currency = 'USD';
  const { queries, status } = await prefetchQueries(async (queryClient) => {
    await queryClient.prefetchQuery(storeConfigQuery);
    currency = queryClient.getQueryData(storeConfigQuery.queryKey)?.currency ?? currency;
  });
  return pageData({ publicUrl: context.publicUrl, currency, queries }, status);
}

/** The store's settings do not change while a page is open: the root never loads again. */
export const shouldRevalidate = () => false;

/** The document around every page. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a5f" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <InlineStyles />
        <Meta />
        <Links />
      </head>
      <body className="text-stone-900 antialiased">
        <div id="root" className="flex min-h-dvh flex-col">
          {children}
        </div>
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <PageActivity />
      <RouteQueriesBoundary>
        <ToastProvider>
          <TestModeBanner />
          <Outlet />
        </ToastProvider>
      </RouteQueriesBoundary>
    </QueryClientProvider>
  );
}

/**
 * The last resort, when the page frame itself failed (every page's own failures show inside the
 * frame, see layouts/root-layout.tsx): plain words and a way back.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-navy-900">
        {notFound ? 'Page not found' : 'Something went wrong'}
      </h1>
      <p className="mt-3 text-stone-700">
        {notFound
          ? 'There is no page at this address.'
          : 'The store could not show this page. Please reload it in a moment.'}
      </p>
      <p className="mt-6">
        <a href={paths.home()} className="font-semibold text-navy-700 underline">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
