import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Where it leads; the last crumb (the page itself) has none. */
  to?: string | undefined;
}

/** Where a page sits: Home / Tools / the page. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-2">
        {trail.map((crumb, index) => (
          // The separator ends the crumb before it: a wrapped trail never starts a line with it.
          <li key={crumb.to ?? crumb.label} className="flex min-w-0 items-center gap-2">
            {crumb.to ? (
              <Link to={crumb.to} className="hover:text-navy-900 hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="min-w-0 font-medium text-stone-800">
                {crumb.label}
              </span>
            )}
            {index < trail.length - 1 && <span aria-hidden="true">/</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
