import type { FormEvent } from 'react';
import { Form, Link } from 'react-router';
import type { ManageToolSort } from '#contract/tool-lists.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';

export const PRODUCT_SORT_LABELS: Record<ManageToolSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name_asc: 'Name, A to Z',
  name_desc: 'Name, Z to A',
  price_asc: 'Lowest price first',
  price_desc: 'Highest price first',
  stock_asc: 'Least stock first',
  stock_desc: 'Most stock first',
};

/**
 * Search, low stock and sort for the admin's tools: a plain GET form, so the filters live in
 * the URL and work before the page's script.
 */
export function ProductFilters({
  typed,
  problems,
  isFiltered,
  onSubmit,
}: {
  typed: Partial<Record<'q' | 'lowStock' | 'below' | 'sort', string>>;
  problems: Map<string, string>;
  isFiltered: boolean;
  /** With the script: keeps only what was chosen in the URL (a new search starts at page 1). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Find tools"
      onSubmit={onSubmit}
      className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField
        label="Find a tool"
        name="q"
        type="search"
        defaultValue={typed.q ?? ''}
        hint="Words of the name or description, or a tool id."
        error={problems.get('q')}
        autoComplete="off"
      />
      <SelectField
        label="Stock"
        name="lowStock"
        defaultValue={typed.lowStock ?? ''}
        error={problems.has('lowStock') ? 'Choose one of the options.' : undefined}
      >
        <option value="">Any stock</option>
        <option value="true">Below its minimum order</option>
      </SelectField>
      <TextField
        label="Fewer units than"
        name="below"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        defaultValue={typed.below ?? ''}
        hint="Optional: a number of units."
        error={problems.has('below') ? 'Enter a whole number of units, 1 or more.' : undefined}
      />
      <SelectField label="Sort" name="sort" defaultValue={typed.sort ?? 'newest'}>
        {Object.entries(PRODUCT_SORT_LABELS).map(([sort, label]) => (
          <option key={sort} value={sort}>
            {label}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-4">
        <Button type="submit" variant="secondary" worksWithoutScript>
          Find
        </Button>
        {isFiltered && (
          <Link to="?" className="py-2 text-sm font-semibold text-navy-700 underline">
            Show every tool
          </Link>
        )}
      </div>
    </Form>
  );
}
