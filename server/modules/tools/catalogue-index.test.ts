import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_SORTS, type ToolSort } from '../../../contract/tool-lists.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { NO_FILTERS } from './catalogue-filters.ts';
import { createCatalogueIndex } from './catalogue-index.ts';

let t: TestContext;
let removedId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const sameMoment = new Date('2026-01-01T00:00:00Z');
  const names = [
    'Cordless Drill',
    'cordless drill',
    'CORDLESS DRILL Pro',
    '100% Steel Hammer',
    'Drill_Bit Set',
    'DrillXBit Set',
    'Back\\slash Wrench',
    'Ärmel Zange',
    'ärmel zange',
    'Zebra Saw',
    'apple Level',
    'Apple Level',
  ];
  for (const [i, name] of names.entries()) {
    // Ties on purpose: equal prices and equal creation times are ordered by id, as in SQL.
    await t.addTool({
      name,
      price: 100 * (i % 4),
      createdAt: i % 3 === 0 ? sameMoment : undefined,
    });
  }
  const removed = await t.addTool({ name: 'Removed Drill' });
  await t.removeTool(removed.id);
  removedId = removed.id;
});
afterAll(async () => {
  await t.close();
});

const noShape = async () => ({ categories: [], attributes: [] });

/** The database's own order of the listed tools: the index must page exactly as it sorts. */
async function orderedBySql(sort: ToolSort): Promise<string[]> {
  const order = {
    relevance: 'created_at desc, id desc',
    oldest: 'created_at, id',
    newest: 'created_at desc, id desc',
    name_asc: 'name, id',
    name_desc: 'name desc, id desc',
    price_asc: 'price, id',
    price_desc: 'price desc, id desc',
  }[sort];
  const result = await t.db.execute<{ id: string }>(
    sql`select id from tools where deleted_at is null order by ${sql.raw(order)}`,
  );
  return result.rows.map((row) => row.id);
}

describe('the in-memory catalogue index', () => {
  it('pages and sorts exactly as PostgreSQL orders (its collation, ties by id)', async () => {
    const index = createCatalogueIndex(t.db, { readShape: noShape });
    index.setLive(true);
    let compared = 0;
    for (const sort of TOOL_SORTS) {
      const all = await orderedBySql(sort);
      for (const [limit, offset] of [
        [24, 0],
        [3, 0],
        [3, 2],
        [1, 11],
        [5, 50],
      ] as const) {
        const query = { sort, limit, offset, filters: NO_FILTERS };
        expect(await index.search(query), JSON.stringify(query)).toEqual({
          ids: all.slice(offset, offset + limit),
          total: all.length,
        });
        compared += 1;
      }
      // Without a limit: every tool, as the original API listed them.
      expect((await index.search({ sort, offset: 0, filters: NO_FILTERS })).ids).toEqual(all);
    }
    expect(compared).toBe(35);
  });

  it('while changes cannot be heard, reads the catalogue again for every query', async () => {
    const index = createCatalogueIndex(t.db, { readShape: noShape });
    const before = await index.search({ sort: 'oldest', offset: 0, filters: NO_FILTERS });
    // Not announced: an index that changes can reach would still answer what it holds.
    const added = await t.addTool({ name: 'Unheard Chisel' });
    try {
      const after = await index.search({ sort: 'oldest', offset: 0, filters: NO_FILTERS });
      expect(after.total).toBe(before.total + 1);
      expect(after.ids).toContain(added.id);
    } finally {
      await t.removeTool(added.id);
    }
  });

  it('tells whether a tool is listed, following creates and deletes once announced', async () => {
    const index = createCatalogueIndex(t.db, { readShape: noShape });
    index.setLive(true);
    const [listed] = await orderedBySql('oldest');
    expect(await index.has(listed ?? '')).toBe(true);
    expect(await index.has(removedId)).toBe(false);
    expect(await index.has('00000000-0000-4000-8000-000000000001')).toBe(false);
    const added = await t.addTool({ name: 'Late Chisel' });
    index.invalidate();
    expect(await index.has(added.id)).toBe(true);
    await t.removeTool(added.id);
    index.invalidate();
    expect(await index.has(added.id)).toBe(false);
  });
});
