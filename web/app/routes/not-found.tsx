import type { MetaArgs } from 'react-router';
import { data, Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Page not found', path: location.pathname, noIndex: true });

/** Any address that is no page answers this page with status 404 (not a 200 that says so). */
export function loader() {
  return data(null, { status: 404 });
}

export { skipServerLoader as clientLoader } from '#web/lib/route-queries.tsx';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 pt-12 text-center sm:px-6">
      <img
        src="/images/not-found.svg"
        alt=""
        width={480}
        height={320}
        className="aspect-[3/2] h-auto w-full max-w-md object-contain"
      />
      <p className="mt-6 text-sm font-bold tracking-wider text-orange-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-3 max-w-xl text-stone-700">
        We looked in every drawer of the workshop, but there is no page at this address. It may have
        moved, or the link may have a typo.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home()} className={buttonClasses({ size: 'lg' })}>
          Back to the home page
        </Link>
        <Link to={paths.tools()} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Browse the tools
        </Link>
      </div>
    </div>
  );
}

export default NotFoundPage;
