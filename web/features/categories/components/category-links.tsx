import { Link } from 'react-router';
import { formatCount } from '#contract/format.ts';
import * as paths from '#web/lib/paths.ts';

/** A category as a link shows it: its name and the tools in it (those below it included). */
interface LinkedCategory {
  slug: string;
  name: string;
  toolCount: number;
}

const countText = (count: number) => `${formatCount(count)} ${count === 1 ? 'tool' : 'tools'}`;

/**
 * Links into categories, each with how many tools it holds: cards (the home page), or a compact
 * row above a list (`compact`), whose counts may be those of the filters chosen (`hrefFor` then
 * keeps them in the link).
 */
export function CategoryLinks({
  categories,
  label,
  compact = false,
  hrefFor = paths.category,
}: {
  categories: readonly LinkedCategory[];
  /** What the list is, for screen readers ("Categories of Power tools"). */
  label: string;
  compact?: boolean;
  hrefFor?: (slug: string) => string;
}) {
  if (categories.length === 0) return null;
  if (compact) {
    return (
      <nav aria-label={label}>
        <ul className="flex flex-wrap gap-2">
          {categories.map((category) => (
            <li key={category.slug} className="min-w-0">
              <Link
                to={hrefFor(category.slug)}
                className="inline-flex min-h-8 max-w-full items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-1 text-sm font-semibold text-navy-800 hover:border-navy-300 hover:bg-navy-50"
              >
                <span className="min-w-0 wrap-anywhere">
                  {category.name}
                  <span className="sr-only">, {countText(category.toolCount)}</span>
                </span>
                <span aria-hidden="true" className="font-normal text-stone-600 tabular-nums">
                  {formatCount(category.toolCount)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  return (
    <nav aria-label={label}>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={hrefFor(category.slug)}
              className="flex h-full flex-col rounded-lg border border-stone-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="font-bold wrap-anywhere text-navy-900">{category.name}</span>
              <span className="mt-1 text-sm text-stone-600">{countText(category.toolCount)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
