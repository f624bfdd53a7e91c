import { randomUUID } from 'node:crypto';
import { CATALOGUE_COLUMNS } from '../../contract/catalogue-csv.ts';
import { catalogueImports } from '../db/schema.ts';
import type { TestContext } from './test-app.ts';

/**
 * Catalogue files as the import takes them (text/csv): a header of every fixed column and one row
 * per tool, for the tests that walk every route.
 */

/** One tool's row, a new SKU unless given; `cells` replace the defaults by column. */
export function catalogueRow(cells: Partial<Record<string, string>> = {}): string {
  const values: Record<string, string> = {
    sku: `CSV-${randomUUID().slice(0, 8)}`,
    brand: 'Forge',
    mpn: '',
    gtin: '',
    name: 'Imported Drill',
    category: '',
    price: '49.99',
    stock: '100',
    minimum_order: '1',
    order_increment: '1',
    max_per_order: '',
    weight_grams: '0',
    price_breaks: '',
    img: '/images/tools/drill.svg',
    description: 'A drill added by a catalogue file.',
    ...cells,
  };
  return CATALOGUE_COLUMNS.map((column) => values[column] ?? '').join(',');
}

/** A file of these rows (one new tool when none are given), as a raw body with its type. */
export function catalogueFile(...rows: string[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const lines = [CATALOGUE_COLUMNS.join(','), ...(rows.length > 0 ? rows : [catalogueRow()])];
  return { payload: Buffer.from(lines.join('\n')), headers: { 'content-type': 'text/csv' } };
}

/** An import's progress as a finished dry run leaves it, for the tests that read one. */
export async function addImportProgress(t: TestContext): Promise<{ id: string }> {
  const id = randomUUID();
  await t.db.insert(catalogueImports).values({
    id,
    isDryRun: true,
    phase: 'done',
    bytesTotal: 200,
    bytesRead: 200,
    rowsRead: 1,
    report: {
      isApplied: false,
      rowCount: 1,
      created: 1,
      updated: 0,
      unchanged: 0,
      problems: [],
      problemCount: 0,
    },
    finishedAt: new Date(),
  });
  return { id };
}
