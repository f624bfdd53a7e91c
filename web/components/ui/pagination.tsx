import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

/** Page numbers to show: first, last, and the current page with its neighbours. */
function pageItems(page: number, pageCount: number): (number | 'gap')[] {
  const pages = new Set(
    [1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) items.push('gap');
    items.push(n);
  }
  return items;
}

const itemBase =
  'inline-flex min-h-10 min-w-10 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-semibold';

export function Pagination({
  page,
  pageCount,
  hrefFor,
  label = 'Pages',
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  // Previous is gone on the first page and Next on the last: the keyboard that followed one there
  // goes to the page's number, where the next Tab or Shift+Tab carries on, not to the page's start.
  const current = useRef<HTMLAnchorElement>(null);
  const steppedFrom = useRef<number | null>(null);
  const stepped = () => {
    steppedFrom.current = page;
  };
  useEffect(() => {
    if (steppedFrom.current === null || steppedFrom.current === page) return;
    steppedFrom.current = null;
    const active = document.activeElement;
    if (active === null || active === document.body) current.current?.focus();
  }, [page]);
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={hrefFor(page - 1)}
          onClick={stepped}
          className={`${itemBase} border border-stone-300 bg-white text-navy-800 hover:bg-navy-50`}
        >
          <span aria-hidden="true">←</span> Previous
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-1">
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                ref={item === page ? current : undefined}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                className={`${itemBase} ${item === page ? 'bg-navy-800 text-white' : 'text-navy-800 hover:bg-navy-50'}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link
          to={hrefFor(page + 1)}
          onClick={stepped}
          className={`${itemBase} border border-stone-300 bg-white text-navy-800 hover:bg-navy-50`}
        >
          Next <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}
