import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tool, ToolSchema } from '../../../contract/tools.ts';
import { tools } from '../../db/schema.ts';
import {
  type Client,
  client,
  expectFieldError,
  expectProblem,
  json,
  UNKNOWN_ID,
} from '../../testing/http.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

/** Listing, reading and adding tools (tools-admin.test.ts changes and deletes them). */

let t: TestContext;
let visitor: Client;
let asAdmin: Client;

beforeAll(async () => {
  t = await buildTestApp();
  visitor = client(t.app);
  asAdmin = client(t.app, await t.signUp({ role: 'Admin' }));
});
afterAll(async () => {
  await t.close();
});

const validTool = {
  name: 'Cordless Drill 18V',
  img: '/images/tools/drill.svg',
  description: 'An 18 V cordless drill with two batteries and a charger.',
  quantity: 500,
  minimumOrder: 20,
  price: 4999,
};

/** Adds tools whose names share `prefix`, in this order, one after another. */
async function addTools(prefix: string, specs: { name: string; price?: number }[]) {
  const rows = [];
  for (const spec of specs) rows.push(await t.addTool({ ...spec, name: `${prefix} ${spec.name}` }));
  return rows;
}

async function listNames(query: string): Promise<string[]> {
  const response = await visitor.get(`/tools?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<Tool[]>(response).map((tool) => tool.name);
}

async function toolRow(id: string) {
  const [row] = await t.db.select().from(tools).where(eq(tools.id, id));
  return row;
}

describe('GET /api/tools', () => {
  it('lists every listed tool oldest first, with its fields and the total in X-Total-Count', async () => {
    const [first, second] = await addTools('Listing', [{ name: 'Hammer' }, { name: 'Saw' }]);
    const response = await visitor.get('/tools?q=Listing');

    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    const body = json<Tool[]>(response);
    expect(body.map((tool) => tool._id)).toEqual([first?.id, second?.id]);
    expect(ToolSchema.strict().parse(body[0])).toEqual({
      _id: first?.id,
      name: 'Listing Hammer',
      img: first?.img,
      description: first?.description,
      quantity: 100,
      minimumOrder: 10,
      price: 1250,
      // Added with volume prices; the spec's fields are all there as they were.
      priceTiers: [],
      createdAt: first?.createdAt.toISOString(),
    });
  });

  it('sorts by age, name and price on request', async () => {
    await addTools('Sorting', [
      { name: 'b-saw', price: 300 },
      { name: 'c-drill', price: 100 },
      { name: 'a-hammer', price: 200 },
    ]);
    const q = 'q=Sorting';
    const names = (order: string[]) => order.map((name) => `Sorting ${name}`);
    expect(await listNames(q)).toEqual(names(['b-saw', 'c-drill', 'a-hammer']));
    expect(await listNames(`${q}&sort=oldest`)).toEqual(names(['b-saw', 'c-drill', 'a-hammer']));
    expect(await listNames(`${q}&sort=newest`)).toEqual(names(['a-hammer', 'c-drill', 'b-saw']));
    expect(await listNames(`${q}&sort=name_asc`)).toEqual(names(['a-hammer', 'b-saw', 'c-drill']));
    expect(await listNames(`${q}&sort=name_desc`)).toEqual(names(['c-drill', 'b-saw', 'a-hammer']));
    expect(await listNames(`${q}&sort=price_asc`)).toEqual(names(['c-drill', 'a-hammer', 'b-saw']));
    expect(await listNames(`${q}&sort=price_desc`)).toEqual(
      names(['b-saw', 'a-hammer', 'c-drill']),
    );
  });

  it('searches names case-insensitively, taking % _ and \\ literally as text', async () => {
    await addTools('Search', [
      { name: '100% Steel Hammer' },
      { name: '1000 Steel Hammer' },
      { name: 'Drill_Bit Set' },
      { name: 'DrillXBit Set' },
      { name: 'Back\\slash Wrench' },
    ]);
    expect(await listNames('q=search%20drill')).toEqual([
      'Search Drill_Bit Set',
      'Search DrillXBit Set',
    ]);
    // The text itself comes first; a near spelling (typo tolerance: search.test.ts) may follow.
    expect((await listNames('q=100%25&sort=relevance'))[0]).toBe('Search 100% Steel Hammer');
    expect(await listNames('q=%25')).toEqual(['Search 100% Steel Hammer']);
    expect(await listNames('q=l_B')).toEqual(['Search Drill_Bit Set']);
    expect(await listNames('q=_')).toEqual(['Search Drill_Bit Set']);
    expect(await listNames(`q=${encodeURIComponent('k\\s')}`)).toEqual([
      'Search Back\\slash Wrench',
    ]);
    expect(await listNames('q=no-such-tool-anywhere')).toEqual([]);
  });

  it('pages with limit and offset while X-Total-Count counts every match', async () => {
    const rows = await addTools('Paging', [
      { name: 'one' },
      { name: 'two' },
      { name: 'three' },
      { name: 'four' },
      { name: 'five' },
    ]);
    const response = await visitor.get('/tools?q=Paging&limit=2&offset=2');
    expect(response.headers['x-total-count']).toBe('5');
    expect(json<Tool[]>(response).map((tool) => tool._id)).toEqual([rows[2]?.id, rows[3]?.id]);

    const past = await visitor.get('/tools?q=Paging&limit=2&offset=5');
    expect(json<Tool[]>(past)).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['sort=cheapest', 'sort'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['color=red', 'color'],
  ])('refuses ?%s with a validation problem naming the field', async (query, field) => {
    expectFieldError(await visitor.get(`/tools?${query}`), field, 'query');
  });

  it('hides deleted tools from the list and its total', async () => {
    const [kept, removed] = await addTools('Hidden', [{ name: 'kept' }, { name: 'removed' }]);
    expect((await asAdmin.delete(`/product/${removed?.id}`)).statusCode).toBe(200);

    const response = await visitor.get('/tools?q=Hidden');
    expect(json<Tool[]>(response).map((tool) => tool._id)).toEqual([kept?.id]);
    expect(response.headers['x-total-count']).toBe('1');
  });
});

describe('GET /api/purchase/:id', () => {
  it('returns one tool to anyone', async () => {
    const row = await t.addTool({ name: 'Angle Grinder', price: 8900 });
    const response = await visitor.get(`/purchase/${row.id}`);
    expect(response.statusCode).toBe(200);
    expect(json<Tool>(response)).toMatchObject({ _id: row.id, name: 'Angle Grinder', price: 8900 });
  });

  it('answers 404 for an unknown or deleted tool and 400 for a malformed id', async () => {
    const row = await t.addTool();
    await asAdmin.delete(`/product/${row.id}`);
    expectProblem(await visitor.get(`/purchase/${row.id}`), 404, 'not_found');
    expectProblem(await visitor.get(`/purchase/${UNKNOWN_ID}`), 404, 'not_found');
    expectFieldError(await visitor.get('/purchase/not-an-id'), 'id', 'params');
  });
});

describe('POST /api/tools', () => {
  it('adds a tool (201) that the catalogue then lists', async () => {
    const response = await asAdmin.post('/tools', validTool);
    expect(response.statusCode).toBe(201);
    const created = ToolSchema.parse(response.json());
    expect(created).toMatchObject(validTool);
    expect(await toolRow(created._id)).toMatchObject({ ...validTool, deletedAt: null });
    expect(json<Tool>(await visitor.get(`/purchase/${created._id}`))).toEqual(created);
  });

  it('accepts an https image link and trims text fields', async () => {
    const response = await asAdmin.post('/tools', {
      ...validTool,
      name: '  Impact Driver  ',
      img: 'https://cdn.example.com/driver.png',
    });
    expect(response.statusCode).toBe(201);
    expect(json<Tool>(response)).toMatchObject({
      name: 'Impact Driver',
      img: 'https://cdn.example.com/driver.png',
    });
  });

  it.each([
    ['name', 'X'],
    ['name', 'x'.repeat(121)],
    ['name', 'Bad\u0000name'],
    ['img', 'ftp://example.com/x.png'],
    ['img', 'javascript:alert(1)'],
    ['img', '//evil.example/x.png'],
    // Browsers drop tabs and line breaks in URLs and read \ as /: these would leave the site.
    ['img', '/\t/evil.example/x.png'],
    ['img', '/\n/evil.example/x.png'],
    ['img', '/\\evil.example/x.png'],
    ['img', 'https://evil.example/\u0000x.png'],
    ['name', 'Saw \u0085 blade'],
    ['name', 'Saw\nblade'],
    ['description', 'too short'],
    ['quantity', -1],
    ['quantity', 1.5],
    ['quantity', '500'],
    ['quantity', 10_000_001],
    ['minimumOrder', 0],
    ['price', -1],
    ['price', 12.5],
    ['price', null],
  ])('refuses %s = %j (400 validation_failed) and stores nothing', async (field, value) => {
    const before = await countTools();
    const response = await asAdmin.post('/tools', { ...validTool, [field]: value });
    expectFieldError(response, field);
    expect(await countTools()).toBe(before);
  });

  it('names every missing field', async () => {
    const problem = expectProblem(await asAdmin.post('/tools', {}), 400, 'validation_failed');
    expect(problem.errors?.map((error) => error.field).sort()).toEqual(
      ['description', 'img', 'minimumOrder', 'name', 'price', 'quantity'].sort(),
    );
  });

  it.each([
    ['_id', UNKNOWN_ID],
    ['createdAt', '2020-01-01T00:00:00Z'],
    ['deletedAt', null],
    ['stock', 5],
  ])('refuses the unknown key %s', async (key, value) => {
    const before = await countTools();
    expectFieldError(await asAdmin.post('/tools', { ...validTool, [key]: value }), key);
    expect(await countTools()).toBe(before);
  });
});

async function countTools(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(tools);
  return row?.n ?? 0;
}
