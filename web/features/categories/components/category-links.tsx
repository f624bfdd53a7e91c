import { Link } from 'react-router';
import type { Category } from '#contract/categories.ts';
import { formatCount } from '#contract/format.ts';
import { paths } from '#web/lib/paths.ts';

/** Links into categories, each with how many tools it holds (those below it included). */
export function CategoryLinks({
  categories,
  label,
}: {
  categories: readonly Category[];
  /** What the list is, for screen readers ("Categories of Power tools"). */
  label: string;
}) {
  if (categories.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {categories.map((category) => (
          <li key={category._id}>
            <Link
              to={paths.category(category.slug)}
              className="flex h-full flex-col rounded-lg border border-stone-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="font-bold wrap-anywhere text-navy-900">{category.name}</span>
              <span className="mt-1 text-sm text-stone-600">
                {formatCount(category.toolCount)} {category.toolCount === 1 ? 'tool' : 'tools'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
