import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_SORTS, type ToolSort } from '../../../contract/tool-lists.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { parseVector } from './search.repo.ts';

let t: TestContext;

const TOOLS = [
  {
    name: '13 mm Hammer Drill Kit, 120 pieces',
    description:
      'A 750 W hammer drill with a keyed chuck and a carry case with masonry, wood and metal bits.',
  },
  { name: '450 g Claw Hammer', description: 'A drop-forged steel claw hammer.' },
  { name: '100% Steel Hammer', description: 'Solid steel from head to handle.' },
  { name: 'Drill_Bit Set', description: 'Twelve bits in a case.' },
  { name: 'DrillXBit Set', description: 'Twelve more bits in a case.' },
  { name: 'Back\\slash Wrench', description: 'A wrench with an odd name.' },
  { name: 'Ärmel Zange', description: 'Pliers with a sleeve.' },
  { name: 'Cordless Impact Driver', description: 'Drives screws; no drilling.' },
  { name: 'Spirit Level 600 mm', description: 'Three vials, aluminium body.' },
];

beforeAll(async () => {
  t = await buildTestApp();
  for (const [i, tool] of TOOLS.entries()) await t.addTool({ ...tool, price: 1000 + i });
  const removed = await t.addTool({ name: 'Removed Hammer', description: 'Gone.' });
  await t.removeTool(removed.id);
});
afterAll(async () => {
  await t.close();
});

async function search(q: string, extra = '') {
  const response = await t.app.inject({
    url: `/api/tools?q=${encodeURIComponent(q)}${extra}`,
  });
  expect(response.statusCode).toBe(200);
  const names = (response.json() as { name: string }[]).map((tool) => tool.name);
  return { names, total: Number(response.headers['x-total-count']) };
}

describe('searching the catalogue', () => {
  it('finds words in any of their forms: "drills" finds the drill kit', async () => {
    const { names } = await search('drills');
    expect(names).toContain('13 mm Hammer Drill Kit, 120 pieces');
    // "drilling" in a description is the same word.
    expect(names).toContain('Cordless Impact Driver');
  });

  it('finds names despite a typo: "hamer" finds the hammers', async () => {
    const { names } = await search('hamer', '&sort=relevance');
    expect(names).toEqual(
      expect.arrayContaining([
        '450 g Claw Hammer',
        '100% Steel Hammer',
        '13 mm Hammer Drill Kit, 120 pieces',
      ]),
    );
    expect(names).not.toContain('Removed Hammer');
    expect(names).not.toContain('Spirit Level 600 mm');
  });

  it('finds the words of a description too, below the names that hold them', async () => {
    expect((await search('masonry')).names).toEqual(['13 mm Hammer Drill Kit, 120 pieces']);
    const { names } = await search('steel', '&sort=relevance');
    expect(names[0]).toBe('100% Steel Hammer');
    expect(names).toContain('450 g Claw Hammer');
  });

  it('ranks the best match first when asked', async () => {
    const { names } = await search('hammer drill', '&sort=relevance');
    expect(names[0]).toBe('13 mm Hammer Drill Kit, 120 pieces');
  });

  it('matches text inside names exactly, special characters and letter case included', async () => {
    expect((await search('%')).names).toEqual(['100% Steel Hammer']);
    expect((await search('_')).names).toEqual(['Drill_Bit Set']);
    expect((await search('l_b')).names).toEqual(['Drill_Bit Set']);
    expect((await search('\\')).names).toEqual(['Back\\slash Wrench']);
    expect((await search('ÄRMEL')).names).toEqual(['Ärmel Zange']);
    expect((await search('DRILLXBIT')).names).toEqual(['DrillXBit Set']);
  });

  it('finds nothing for words nowhere in the catalogue, and stop words alone', async () => {
    expect(await search('zeppelin')).toEqual({ names: [], total: 0 });
    expect((await search('the')).total).toBe(0);
  });

  it('pages and sorts the same matches every way, with their total', async () => {
    const all = await search('hammer');
    expect(all.total).toBe(all.names.length);
    expect(all.total).toBeGreaterThanOrEqual(3);
    for (const sort of TOOL_SORTS) {
      const sorted = await search('hammer', `&sort=${sort}`);
      expect(new Set(sorted.names), sort).toEqual(new Set(all.names));
      const firstTwo = await search('hammer', `&sort=${sort}&limit=2`);
      const rest = await search('hammer', `&sort=${sort}&limit=50&offset=2`);
      expect([...firstTwo.names, ...rest.names], sort).toEqual(sorted.names);
      expect(firstTwo.total).toBe(all.total);
    }
    expect((await search('price', '&sort=price_asc')).names).toEqual([]);
    // A page past the end is empty, and still says how many there are.
    expect(await search('hammer', '&limit=5&offset=100')).toEqual({ names: [], total: all.total });
  });
});

/** What PostgreSQL's own full-text search and name match find, in an order: the index's oracle. */
async function foundBySql(q: string, sort: Exclude<ToolSort, 'relevance'>): Promise<string[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const order = {
    oldest: 'created_at, id',
    newest: 'created_at desc, id desc',
    name_asc: 'name, id',
    name_desc: 'name desc, id desc',
    price_asc: 'price, id',
    price_desc: 'price desc, id desc',
  }[sort];
  const result = await t.db.execute<{ name: string }>(sql`
    select name from tools
    where deleted_at is null
      and (search_vector @@ plainto_tsquery('english', ${q}) or name ilike ${like})
    order by ${sql.raw(order)}`);
  return result.rows.map((row) => row.name);
}

describe('the one way a search is answered', () => {
  it('finds what PostgreSQL’s full-text search and name match find, in the same orders', async () => {
    const texts = ['drills', 'masonry', 'steel', 'hammer', 'hammer drill', '%', 'l_b', 'ärmel'];
    // Texts inside names across words, and of one, two and three characters.
    for (const q of [...texts, 'mm hammer d', 'ill', 'er', 'x', 'ill_b', 'ÄRM']) {
      const fromIndex = await search(q);
      expect(new Set(await foundBySql(q, 'oldest')), q).toEqual(new Set(fromIndex.names));
      for (const sort of TOOL_SORTS.filter((each) => each !== 'relevance')) {
        expect(await foundBySql(q, sort), `${q} ${sort}`).toEqual(
          (await search(q, `&sort=${sort}`)).names,
        );
      }
    }
  });

  it('reads the words of a full-text vector, quotes included', () => {
    expect(parseVector("'brien':2A 'o''neil':5B 'wrench':3A,7B 'x'")).toEqual([
      { word: 'brien', isInName: true },
      { word: "o'neil", isInName: false },
      { word: 'wrench', isInName: true },
      { word: 'x', isInName: false },
    ]);
  });
});
