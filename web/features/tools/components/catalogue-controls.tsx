import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ToolSort } from '#contract/tool-lists.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';

/** In the order the list offers them: the default first (best match, when searching). */
const SORT_LABELS: Record<ToolSort, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  oldest: 'Oldest first',
  name_asc: 'Name, A to Z',
  name_desc: 'Name, Z to A',
  price_asc: 'Price, low to high',
  price_desc: 'Price, high to low',
};

const SEARCH_DELAY_MS = 350;

/** Search (as you type, after a short pause) and sort order. */
export function CatalogueControls({
  q,
  sort,
  isSearching,
  onSearch,
  onSort,
}: {
  q: string;
  sort: ToolSort;
  /** Whether the list shows search results: only they can be ordered by best match. */
  isSearching: boolean;
  onSearch: (q: string) => void;
  onSort: (sort: ToolSort) => void;
}) {
  const [text, setText] = useState(q);
  const form = useRef<HTMLFormElement>(null);

  // Words typed while the page was still the server's HTML (before its script ran) are taken up,
  // read as the form first runs: the next render would write the address's words over them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form first runs
  useLayoutEffect(() => {
    const field = form.current?.elements.namedItem('q');
    if (field instanceof HTMLInputElement && field.value !== q) setText(field.value);
  }, []);

  // Back/forward changes the URL: show its words (when they change, not as the form first runs).
  const shownQ = useRef(q);
  useEffect(() => {
    if (shownQ.current === q) return;
    shownQ.current = q;
    setText(q);
  }, [q]);

  useEffect(() => {
    if (text.trim() === q) return;
    const timer = window.setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, q, onSearch]);

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
      <search className="flex-1">
        <form
          ref={form}
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            onSearch(text.trim());
          }}
        >
          <TextField
            label="Search tools"
            type="search"
            name="q"
            value={text}
            placeholder="e.g. hammer, drill, pliers"
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
            className="flex-1"
          />
          <Button type="submit" variant="secondary" worksWithoutScript>
            Search
          </Button>
        </form>
      </search>
      <SelectField
        label="Sort by"
        value={sort}
        onChange={(event) => onSort(event.target.value as ToolSort)}
        className="sm:w-56"
      >
        {(Object.keys(SORT_LABELS) as ToolSort[])
          .filter((option) => isSearching || option !== 'relevance')
          .map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
      </SelectField>
    </div>
  );
}
