import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** Keep the header for screen readers only (e.g. an actions column). */
  hideHeader?: boolean;
  /**
   * A fixed width for the column (a Tailwind class), for one whose content comes and goes (actions
   * on some rows only): the other columns then stay where they are.
   */
  width?: string;
  /** Figures: right-aligned, so their digits line up. */
  isNumeric?: boolean;
  /** The cell that names its row (a `th scope="row"`). */
  isRowHeader?: boolean;
}

interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /**
   * `table` keeps a real table at every width, in a region of its own that scrolls (for short,
   * narrow tables of figures, such as the overview's); `cards` (the default) turns rows into cards
   * on phones.
   */
  layout?: 'cards' | 'table';
  /** With `layout="table"`: a height after which the rows scroll inside their region (a class). */
  maxHeight?: string;
}

/**
 * The one table: a real table from tablet width up, and on phones a list of cards with each
 * value labelled (only one of the two is ever displayed).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  if (props.layout === 'table') {
    // A region that scrolls must be reachable by keyboard and named (WCAG 2.1.1).
    return (
      <section
        aria-label={props.caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region, focusable to scroll it
        tabIndex={0}
        className={`overflow-auto rounded-lg border border-stone-200 bg-white shadow-sm ${props.maxHeight ?? ''}`}
      >
        <Table {...props} />
      </section>
    );
  }
  return (
    <>
      <CardList {...props} />
      <div className="hidden overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm md:block">
        <Table {...props} />
      </div>
    </>
  );
}

function Table<T>(props: DataTableProps<T>) {
  const isScrolling = props.layout === 'table';
  // Words, amounts and addresses stay whole: each column is as wide as its longest word, and a
  // table wider than its room scrolls in its own region (the page's `overflow-wrap: anywhere`
  // would split "Cancelled" or "$3,065.00" to squeeze a column).
  const cellX = isScrolling ? 'px-3' : 'px-4';
  return (
    <table className="w-full text-left text-sm [overflow-wrap:break-word]">
      <caption className="sr-only">{props.caption}</caption>
      <thead className="bg-stone-100">
        <tr>
          {props.columns.map((column) => (
            <th
              key={column.header}
              scope="col"
              className={`${cellX} py-3 text-xs font-semibold tracking-wide text-stone-700 uppercase ${column.width ?? ''} ${column.isNumeric ? 'text-right' : ''} ${isScrolling ? 'sticky top-0 bg-stone-100' : 'whitespace-nowrap'}`}
            >
              <span className={column.hideHeader ? 'sr-only' : undefined}>{column.header}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {props.rows.map((row, index) => (
          <tr key={props.rowKey(row)} className="hover:bg-stone-50">
            {props.columns.map((column) => {
              const className = `${cellX} py-3 align-middle ${column.isNumeric ? 'text-right whitespace-nowrap tabular-nums' : ''}`;
              return column.isRowHeader ? (
                <th key={column.header} scope="row" className={`font-medium ${className}`}>
                  {column.cell(row, index)}
                </th>
              ) : (
                <td key={column.header} className={className}>
                  {column.cell(row, index)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CardList<T>({ caption, columns, rows, rowKey }: DataTableProps<T>) {
  return (
    <ul aria-label={caption} className="space-y-3 md:hidden">
      {rows.map((row, index) => (
        <li key={rowKey(row)} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
          <dl className="space-y-2 text-sm [overflow-wrap:break-word]">
            {columns.map((column) => {
              const content = column.cell(row, index);
              if (content === null) return null;
              return column.hideHeader ? (
                <div key={column.header} className="pt-2">
                  <dt className="sr-only">{column.header}</dt>
                  <dd>{content}</dd>
                </div>
              ) : (
                <div key={column.header} className="flex items-start justify-between gap-4">
                  <dt className="shrink-0 font-semibold text-stone-600">{column.header}</dt>
                  <dd className="min-w-0 text-right">{content}</dd>
                </div>
              );
            })}
          </dl>
        </li>
      ))}
    </ul>
  );
}
