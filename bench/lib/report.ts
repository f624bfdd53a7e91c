/** One measured figure, as printed in a benchmark's table and in the summary. */
export interface Figure {
  /** What is measured, e.g. "page of 24: requests/s". */
  name: string;
  value: string;
  /** The same measure of the baseline, run alternately in the same run (when there is one). */
  baseline?: string;
  /** value / baseline. */
  ratio?: string;
  /** The goal in words, e.g. ">= 0.6 of the ceiling". */
  goal?: string;
  /** Whether the goal is met; undefined when the figure has no goal. */
  met?: boolean;
}

export interface BenchReport {
  /** Short id, e.g. "catalogue". */
  bench: string;
  title: string;
  figures: Figure[];
  /** What limited a figure, what a failure said: printed under the table. */
  notes: string[];
}

/** A Markdown table: readable in a terminal and pasteable into bench/README.md. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

function metLabel(met: boolean | undefined): string {
  return met === undefined ? '' : met ? 'yes' : 'NO';
}

export function printReport(report: BenchReport): void {
  console.log(`\n## ${report.title}\n`);
  console.log(
    table(
      ['measure', 'figure', 'baseline', 'ratio', 'goal', 'met'],
      report.figures.map((figure) => [
        figure.name,
        figure.value,
        figure.baseline ?? '',
        figure.ratio ?? '',
        figure.goal ?? '',
        metLabel(figure.met),
      ]),
    ),
  );
  for (const note of report.notes) console.log(`\n- ${note}`);
}

export function printSummary(reports: BenchReport[]): void {
  const rows = reports.flatMap((report) =>
    report.figures
      .filter((figure) => figure.goal !== undefined || figure.ratio !== undefined)
      .map((figure) => [
        report.bench,
        figure.name,
        figure.value,
        figure.ratio ?? '',
        figure.goal ?? '',
        metLabel(figure.met),
      ]),
  );
  console.log('\n# Summary\n');
  console.log(table(['bench', 'measure', 'figure', 'ratio', 'goal', 'met'], rows));
  const goals = reports.flatMap((report) => report.figures).filter((f) => f.met !== undefined);
  const met = goals.filter((figure) => figure.met).length;
  console.log(`\n${met} of ${goals.length} goals met.`);
}

export const format = {
  count: (value: number) => Math.round(value).toLocaleString('en-US'),
  ms: (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`,
  seconds: (ms: number) => `${(ms / 1000).toFixed(2)} s`,
  ratio: (value: number) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a'),
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
  mb: (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`,
};
