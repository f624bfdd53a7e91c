import { Link, useLocation } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import * as paths from '#web/lib/paths.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

/** A screen that failed to load or crashed: say so, and offer a reload. */
export function RouteError({ error }: { error: unknown }) {
  usePageTitle('Something went wrong');
  // A link to this very address, loaded afresh: it works before any script (a page served as
  // islands hydrates no part of this one).
  const { pathname, search } = useLocation();
  const isChunkError =
    error instanceof Error &&
    /dynamically imported module|Importing a module script|Failed to fetch/i.test(error.message);
  const detail = isChunkError
    ? 'This page could not be downloaded. The store may have been updated, or the connection dropped.'
    : 'Something went wrong while showing this page.';
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">Something went wrong</h1>
      <p role="alert" className="mt-3 text-stone-700">
        {detail}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={`${pathname}${search}`} reloadDocument className={buttonClasses()}>
          Reload the page
        </Link>
        <Link to={paths.home()} reloadDocument className={buttonClasses({ variant: 'outline' })}>
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
