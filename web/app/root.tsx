import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import {
  isRouteErrorResponse,
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  useMatches,
  useRouteError,
} from 'react-router';
import { islandsLoader } from '#contract/islands-loader.ts';
import { ToastRegion } from '#web/components/ui/toast.tsx';
import { readSession, sessionQuery } from '#web/features/auth/api/session.ts';
import { TestModeBanner } from '#web/features/payments/components/test-mode-banner.tsx';
import { Island } from '#web/islands/island.tsx';
import { InlineStyles, stylesheetHref } from '#web/lib/inline-styles.tsx';
import { PageActivity } from '#web/lib/page-activity.tsx';
import * as paths from '#web/lib/paths.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import {
  type PageDataStatus,
  pageData,
  prefetchQueries,
  type RouteQueries,
  RouteQueriesBoundary,
} from '#web/lib/route-queries.tsx';
import { storeConfigQuery } from '#web/lib/store-config.ts';
import favicon from '#web/public/favicon.svg?inline';

declare module 'react-router' {
  interface AppLoadContext {
    /** Where the store is reached from outside (PUBLIC_URL): canonical URLs and link previews. */
    publicUrl: string;
    /** The islands' script (web/islands/client.tsx) as built, when the build has it. */
    islandsScript?: string;
  }
}

/** What a route may say of itself in its `handle`. */
export interface RouteHandle {
  /**
   * Served as islands on a first visit (decision 078): only the parts in an `<Island>` run in the
   * browser, and React Router takes no part until the next page. `data` is what the islands start
   * from: the store's `settings` (the frame's), or the `page`'s own answers too, as the app would.
   */
  islands?: { data: 'settings' | 'page' };
}

export async function loader({ context }: LoaderFunctionArgs) {
  let currency = 'USD';
  const { queries, status } = await prefetchQueries(async (queryClient) => {
    await queryClient.prefetchQuery(storeConfigQuery);
    currency = queryClient.getQueryData(storeConfigQuery.queryKey)?.currency ?? currency;
  });
  return pageData(
    { publicUrl: context.publicUrl, islandsScript: context.islandsScript, currency, queries },
    status,
  );
}

/** The store's settings do not change while a page is open: the root never loads again. */
export const shouldRevalidate = () => false;

/**
 * React Router's scripts, which hydrate the whole page; or, for a first visit to a page served as
 * islands, the islands' script and the answers they start from. Decided on the server only: once
 * the app runs, every page it moves to is the app's.
 */
function PageScripts() {
  const matches = useMatches();
  const islandsScript = (matches[0]?.data as { islandsScript?: string } | undefined)?.islandsScript;
  // A page missing some of its data is completed by the browser: the whole app's work.
  const isWhole = matches.every(
    (match) => ((match.data as Partial<PageDataStatus> | undefined)?.pageStatus ?? 200) === 200,
  );
  const islands = (matches.at(-1)?.handle as RouteHandle | undefined)?.islands;
  if (typeof document !== 'undefined' || islandsScript === undefined || !isWhole || !islands)
    return <Scripts />;
  const queries = (islands.data === 'page' ? matches : matches.slice(0, 1)).flatMap(
    (match) => (match.data as Partial<RouteQueries> | undefined)?.queries?.queries ?? [],
  );
  // Inside a script element, "<" written as \u003c: no text in the data can end the element.
  const state = JSON.stringify({ mutations: [], queries }).replace(/</g, '\\u003c');
  return (
    <>
      <script
        type="application/json"
        id="island-state"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every "<" escaped
        dangerouslySetInnerHTML={{ __html: state }}
      />
      <script
        type="module"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the store's own loader, hashed in the page's CSP
        dangerouslySetInnerHTML={{ __html: islandsLoader(islandsScript, stylesheetHref) }}
      />
      {/* The page's inline styles are its own share; without script, the rest comes this way. */}
      <noscript>
        <link rel="stylesheet" href={stylesheetHref} />
      </noscript>
    </>
  );
}

/** The document around every page. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a5f" />
        {/* In the page: no request of its own before the first paint (the same as /favicon.svg). */}
        <link rel="icon" href={favicon} type="image/svg+xml" />
        <InlineStyles />
        <Meta />
        <Links />
      </head>
      <body className="text-stone-900 antialiased">
        <div id="root" className="flex min-h-dvh flex-col">
          {children}
        </div>
        <PageScripts />
      </body>
    </html>
  );
}

/** Settled by the app's first effect: React has taken the whole page over. */
let hydrationDone: () => void = () => {};
const hydrated = new Promise<void>((resolve) => {
  hydrationDone = resolve;
});

/**
 * The app's query client. In the browser, who is signed in (the pages leave it out: they are the
 * same for everyone) is asked for at once, while the page hydrates: asked for by the header once
 * hydrated, the request's start changed what the header reads in the middle of the hydration's
 * commit, and React re-rendered it there and then, in the same long task. The answer is kept
 * until the hydration is done: React takes the page over a few milliseconds at a time (it is a
 * transition), and an answer read in between would render a header or a guard the server's HTML
 * does not have.
 */
function createAppQueryClient() {
  const queryClient = createQueryClient();
  if (typeof document !== 'undefined') {
    void queryClient.prefetchQuery({
      ...sessionQuery,
      queryFn: async (context) => {
        try {
          return await readSession(context);
        } finally {
          await hydrated;
        }
      },
    });
  }
  return queryClient;
}

export default function App() {
  const [queryClient] = useState(createAppQueryClient);
  useEffect(hydrationDone, []);
  return (
    <QueryClientProvider client={queryClient}>
      <PageActivity />
      <RouteQueriesBoundary>
        <TestModeBanner />
        <Outlet />
        <Island name="page-extras">
          <ToastRegion />
        </Island>
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
