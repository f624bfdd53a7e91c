import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_COLUMNS } from '../../../contract/catalogue-csv.ts';
import { readCatalogueFile, type StagedTool } from './catalogue-import.ts';
import type { CatalogueOutline } from './catalogue-row.ts';

/**
 * Reading a file with one batch staged while the next is read (the fast tier, no database): every
 * good row reaches `stage` once and in order, no more than one batch is ever being staged, the
 * rows read are told as they go, and a batch that fails to stage fails the read.
 */

const outline: CatalogueOutline = {
  categoryIds: new Map(),
  rulesOf: () => [],
  specKeys: new Set(),
};

function file(rows: number): Readable {
  const lines = [CATALOGUE_COLUMNS.join(',')];
  for (let i = 1; i <= rows; i += 1)
    lines.push(
      `R-${i},Forge,,,Tool ${i},,9.99,5,1,1,,0,,/images/tools/drill.svg,A tool read by the fast tier.`,
    );
  return Readable.from([lines.join('\n')]);
}

describe('readCatalogueFile', () => {
  it('stages every row once, in order, one batch at a time while the next is read', async () => {
    const staged: number[] = [];
    const told: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const read = await readCatalogueFile(file(2_500), {
      outline,
      currency: 'USD',
      onRowsRead: (rows) => told.push(rows),
      stage: async (rows: StagedTool[]) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        staged.push(...rows.map((row) => row.line));
        inFlight -= 1;
      },
    });
    expect(read).toMatchObject({ rowCount: 2_500, problemCount: 0 });
    expect(staged).toEqual(Array.from({ length: 2_500 }, (_, i) => i + 2));
    expect(mostInFlight).toBe(1);
    expect(told).toEqual([1_000, 2_000, 2_500]);
  });

  it('fails when a batch cannot be staged, whichever batch it is', async () => {
    let batches = 0;
    const reading = readCatalogueFile(file(3_500), {
      outline,
      currency: 'USD',
      stage: async () => {
        batches += 1;
        if (batches === 2) throw new Error('the database is gone');
      },
    });
    await expect(reading).rejects.toThrow('the database is gone');
  });
});
