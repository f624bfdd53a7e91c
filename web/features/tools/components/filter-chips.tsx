import { Link } from 'react-router';
import { CloseIcon } from '#web/components/ui/close-icon.tsx';
import type { FilterChip } from '../utils/filter-labels.ts';

/**
 * The chosen filters above the results, each a link to the list without it, and "Clear all":
 * links, so they work before the page's script and can be opened in a new tab. A chip's name is
 * its words ("Remove filter" read out before them), so what a sighted voice-control user says is
 * in it (WCAG 2.5.3).
 */
export function FilterChips({
  chips,
  hrefWithout,
  clearAllHref,
}: {
  chips: readonly FilterChip[];
  hrefWithout: (chip: FilterChip) => string;
  clearAllHref: string;
}) {
  if (chips.length === 0) return null;
  return (
    <section aria-label="Chosen filters" className="mb-4 flex flex-wrap items-center gap-2">
      <ul className="flex min-w-0 flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.id} className="min-w-0">
            <Link
              to={hrefWithout(chip)}
              preventScrollReset
              className="inline-flex min-h-8 max-w-full items-center gap-1.5 rounded-2xl border border-navy-200 bg-navy-50 px-3 py-1 text-sm font-medium text-navy-900 hover:border-navy-400 hover:bg-navy-100"
            >
              <span className="min-w-0 wrap-anywhere">
                <span className="sr-only">Remove filter </span>
                {chip.label}
              </span>
              <CloseIcon className="size-3.5 shrink-0" />
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={clearAllHref}
        preventScrollReset
        className="inline-flex min-h-8 items-center px-1 text-sm font-semibold text-navy-700 underline"
      >
        Clear all
      </Link>
    </section>
  );
}
