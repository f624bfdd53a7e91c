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
}

interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
}

/**
 * The one table: a real table from tablet width up, and on phones a list of cards with each
 * value labelled (only one of the two is ever displayed).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  return (
    <>
      <CardList {...props} />
      <div className="hidden overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{props.caption}</caption>
          <thead className="bg-stone-100">
            <tr>
              {props.columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-stone-700 uppercase ${column.width ?? ''}`}
                >
                  <span className={column.hideHeader ? 'sr-only' : undefined}>{column.header}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {props.rows.map((row, index) => (
              <tr key={props.rowKey(row)} className="hover:bg-stone-50">
                {props.columns.map((column) => (
                  <td key={column.header} className="px-4 py-3 align-middle">
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function CardList<T>({ caption, columns, rows, rowKey }: DataTableProps<T>) {
  return (
    <ul aria-label={caption} className="space-y-3 md:hidden">
      {rows.map((row, index) => (
        <li key={rowKey(row)} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
          <dl className="space-y-2 text-sm">
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
