import type { ComponentProps, ReactNode } from 'react';
import { SelectField, TextField } from './field.tsx';

interface SearchSelectOption {
  value: string;
  label: string;
}

type Matches =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; options: SearchSelectOption[]; total: number };

/** A query of the first page of matches, as SearchSelect shows it. */
export function matchesOf<T>(
  query: { data: T | undefined; isError: boolean },
  read: (data: T) => { options: SearchSelectOption[]; total: number },
): Matches {
  if (query.data !== undefined) return { state: 'ready', ...read(query.data) };
  return query.isError ? { state: 'error' } : { state: 'loading' };
}

interface SearchSelectProps {
  /** The choice's label ("Company"). */
  label: string;
  /** The search box's label ("Find a company"). */
  searchLabel: string;
  search: string;
  onSearch: (text: string) => void;
  /** The first page of what matches the search, as the server answered it (a failure was already retried). */
  matches: Matches;
  /** The first option: what choosing nothing means ("Any company"). */
  noneLabel: string;
  /** Nouns for the count: ["company", "companies"]. */
  noun: [singular: string, plural: string];
  /** Where the server looks for the search, for the sentence when nothing matches ("its name"). */
  searchedIn?: string;
  /** A choice that stands but is not on the page of matches (chosen earlier): kept as an option. */
  kept?: SearchSelectOption | undefined;
  className?: string;
  error?: string | undefined;
  /** The select's own props: its name, value or register() spread. */
  select: Omit<ComponentProps<'select'>, 'className' | 'children'>;
}

/**
 * A choice among many (paged on the server): a search box narrows what the list offers to the
 * first page of matches, and says how many more there are.
 */
export function SearchSelect({
  label,
  searchLabel,
  search,
  onSearch,
  matches,
  noneLabel,
  noun,
  searchedIn = 'its name',
  kept,
  className = '',
  error,
  select,
}: SearchSelectProps) {
  const options = matches.state === 'ready' ? matches.options : [];
  const shown =
    kept && !options.some((option) => option.value === kept.value) ? [kept, ...options] : options;
  let hint: ReactNode;
  if (matches.state === 'loading') hint = `Looking for ${noun[1]}…`;
  else if (matches.state === 'ready') {
    const { total } = matches;
    if (total === 0) {
      hint = search.trim()
        ? `No ${noun[0]} has “${search.trim()}” in ${searchedIn}.`
        : `No ${noun[1]} yet.`;
    } else if (total > options.length) {
      hint = `Showing ${options.length} of ${total} ${noun[1]}: type part of a name to find the others.`;
    }
  }
  // Two fields side by side in the form's own layout (no box of their own), so a filter row
  // takes no more room than it did with one select.
  return (
    <>
      <TextField
        className={className}
        label={searchLabel}
        type="search"
        value={search}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onSearch(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches as typed; it never sends the form around it.
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <SelectField
        className={className}
        label={label}
        hint={hint}
        error={
          error ??
          (matches.state === 'error'
            ? `The ${noun[1]} could not be loaded: change the search to try again.`
            : undefined)
        }
        {...select}
      >
        <option value="">{noneLabel}</option>
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
    </>
  );
}
