import type { ReactNode } from 'react';

/**
 * The frame of a tool form's list (pictures, documents, related tools): a fieldset named by its
 * legend, what the list is for, the list's own problem, its entries in order (or the words for
 * none) and how to add one.
 */
export function ListEditorFrame({
  testId,
  legend,
  description,
  problem,
  emptyText,
  entries,
  listClassName = 'space-y-3',
  adder,
}: {
  testId: string;
  legend: string;
  description: ReactNode;
  problem: string | undefined;
  emptyText: string;
  /** The entries as list items; none: `emptyText` is shown. */
  entries: ReactNode[];
  listClassName?: string;
  adder: ReactNode;
}) {
  return (
    <fieldset
      className="min-w-0 rounded-md border border-stone-300 p-4 sm:col-span-2"
      data-testid={testId}
    >
      <legend className="px-1 text-sm font-semibold text-stone-800">{legend}</legend>
      <p className="text-sm text-stone-600">{description}</p>
      {problem && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{emptyText}</p>
      ) : (
        <ol className={`mt-3 ${listClassName}`}>{entries}</ol>
      )}
      {adder}
    </fieldset>
  );
}
