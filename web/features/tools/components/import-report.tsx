import type { ImportProblem, ImportReport } from '#contract/catalogue-csv.ts';
import { formatCount } from '#contract/format.ts';
import { type Column, DataTable } from '#web/components/ui/table.tsx';

/** "1,203 rows: 20 tools to add, 1,100 to change, 83 as they are." */
export function reportSentence(report: ImportReport): string {
  const n = formatCount;
  const rows = `${n(report.rowCount)} ${report.rowCount === 1 ? 'row' : 'rows'}`;
  return report.isApplied
    ? `${rows} imported: ${n(report.created)} tools added, ${n(report.updated)} changed, ${n(report.unchanged)} left as they were.`
    : `${rows}: ${n(report.created)} tools to add, ${n(report.updated)} to change, ${n(report.unchanged)} already as the file says.`;
}

const COLUMNS: Column<ImportProblem & { at: number }>[] = [
  {
    header: 'Line',
    cell: (problem) => (problem.line === null ? 'The file' : formatCount(problem.line)),
    isNumeric: true,
    isRowHeader: true,
  },
  {
    header: 'Column',
    cell: (problem) =>
      problem.column === null ? (
        'The whole row'
      ) : (
        <code className="rounded bg-stone-100 px-1 [overflow-wrap:anywhere]">{problem.column}</code>
      ),
  },
  { header: 'What to fix', cell: (problem) => problem.message },
];

/** Every problem the store found, by line and column, and how many more there are. */
export function ImportProblems({ report }: { report: ImportReport }) {
  const rows = report.problems.map((problem, at) => ({ ...problem, at }));
  const more = report.problemCount - report.problems.length;
  return (
    <section aria-labelledby="import-problems" className="mt-4">
      <h3 id="import-problems" className="mb-2 font-semibold text-red-800">
        {report.problemCount === 1
          ? 'Fix this problem, then check the file again: nothing is imported while a file has one.'
          : `Fix these ${formatCount(report.problemCount)} problems, then check the file again: nothing is imported while a file has any.`}
      </h3>
      <DataTable
        caption="Problems in the file, by line and column"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => String(row.at)}
      />
      {more > 0 && (
        <p className="mt-2 text-sm text-stone-700">
          The first {formatCount(report.problems.length)} are listed; {formatCount(more)} more are
          in the file.
        </p>
      )}
    </section>
  );
}
