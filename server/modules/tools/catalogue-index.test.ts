import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_SORTS } from '../../../contract/tool-lists.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { createCatalogueIndex } from './catalogue-index.ts';
import { listTools } from './tools.repo.ts';

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

describe('the in-memory catalogue index', () => {
  it('pages and sorts exactly as the SQL query does', async () => {
    const index = createCatalogueIndex(t.db);
    index.setEnabled(true);
    let compared = 0;
    for (const sort of TOOL_SORTS) {
      for (const [limit, offset] of [
        [24, 0],
        [3, 0],
        [3, 2],
        [1, 11],
        [5, 50],
      ] as const) {
        const query = { sort, limit, offset };
        const fromSql = await listTools(t.db, query);
        const fromIndex = await index.search(query);
        expect(fromIndex, JSON.stringify(query)).toEqual({
          ids: fromSql.rows.map((row) => row.id),
          total: fromSql.total,
        });
        compared += 1;
      }
    }
    expect(compared).toBe(35);
  });

  it('leaves unbounded lists, and everything while switched off, to SQL', async () => {
    const index = createCatalogueIndex(t.db);
    expect(await index.search({ sort: 'oldest', limit: 24, offset: 0 })).toBeUndefined();
    index.setEnabled(true);
    expect(await index.search({ sort: 'oldest', offset: 0 })).toBeUndefined();
    expect(await index.search({ sort: 'oldest', limit: 24, offset: 0 })).toBeDefined();
  });

  it('tells whether a tool is listed, following creates and deletes once announced', async () => {
    const index = createCatalogueIndex(t.db);
    const { rows } = await listTools(t.db, { sort: 'oldest', limit: 1, offset: 0 });
    const listed = rows[0]?.id ?? '';
    expect(await index.has(listed)).toBeUndefined();
    index.setEnabled(true);
    expect(await index.has(listed)).toBe(true);
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
