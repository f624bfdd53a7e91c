/**
 * `npm run bench`: every benchmark in turn, each table as it finishes, then one summary table.
 * `npm run bench -- --quick` tries the harness with short runs (not for figures).
 */
import { runBackOffice } from './back-office.ts';
import { runCatalogue } from './catalogue.ts';
import { runCatalogueImport } from './catalogue-import.ts';
import { runCategoryFilters } from './category-filters.ts';
import { runFloods } from './floods.ts';
import { machine, printMachine } from './lib/machine.ts';
import { parseOptions } from './lib/options.ts';
import { type BenchReport, printReport, printSummary } from './lib/report.ts';
import { runMemoryStartup } from './memory-startup.ts';
import { runOrders } from './orders.ts';
import { runPages } from './pages.ts';
import { runQuickOrder } from './quick-order.ts';
import { runScale } from './scale.ts';
import { runSessions } from './sessions.ts';
import { runWeb } from './web.ts';

const BENCHES: [string, typeof runCatalogue][] = [
  ['catalogue', runCatalogue],
  ['orders', runOrders],
  ['web', runWeb],
  ['memory-startup', runMemoryStartup],
  ['scale', runScale],
  ['pages', runPages],
  ['back-office', runBackOffice],
  ['sessions', runSessions],
  ['floods', runFloods],
  ['quick-order', runQuickOrder],
  ['category-filters', runCategoryFilters],
  ['catalogue-import', runCatalogueImport],
];

const options = parseOptions();
printMachine(machine());
const reports: BenchReport[] = [];
let failed = 0;
for (const [name, bench] of BENCHES) {
  try {
    const report = await bench(options);
    printReport(report);
    reports.push(report);
  } catch (error) {
    failed += 1;
    console.error(`\nbenchmark ${name} failed:`, error);
    reports.push({ bench: name, title: name, figures: [], notes: [`failed: ${String(error)}`] });
  }
}
printSummary(reports);
process.exit(failed > 0 ? 1 : 0);
