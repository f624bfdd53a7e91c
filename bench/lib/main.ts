import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, printMachine } from './machine.ts';
import { type BenchOptions, parseOptions } from './options.ts';
import { type BenchReport, printReport } from './report.ts';

/** True when the module was started directly (`node --import tsx bench/x.ts`), not imported. */
export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && path.resolve(entry) === fileURLToPath(moduleUrl);
}

/** Runs one benchmark on its own: machine header, its table, exit code 1 on failure. */
export function runAlone(bench: (options: BenchOptions) => Promise<BenchReport>): void {
  const options = parseOptions();
  printMachine(machine());
  bench(options).then(
    (report) => {
      printReport(report);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
