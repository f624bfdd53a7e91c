import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolRoutes } from '../../../contract/tool-routes.ts';
import { type Tool, ToolSchema } from '../../../contract/tools.ts';
import { orders, tools } from '../../db/schema.ts';
import {
  type Client,
  client,
  expectFieldError,
  expectProblem,
  json,
  UNKNOWN_ID,
  urlFor,
} from '../../testing/http.ts';
import {
  buildTestApp,
  TEST_ORIGIN,
  type TestContext,
  type TestUser,
} from '../../testing/test-app.ts';

let t: TestContext;
let visitor: Client;
let customer: TestUser;
let asCustomer: Client;
let asAdmin: Client;

beforeAll(async () => {
  t = await buildTestApp();
  visitor = client(t.app);
  customer = await t.signUp({ role: 'User' });
  asCustomer = client(t.app, customer);
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

describe('PATCH /api/tools/:id', () => {
  it('edits the given fields and leaves the others', async () => {
    const row = await t.addTool({ name: 'Old Name', price: 1000, quantity: 70 });
    const response = await asAdmin.patch(`/tools/${row.id}`, { name: 'New Name', price: 1500 });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Tool>(response)).toMatchObject({ name: 'New Name', price: 1500, quantity: 70 });
    expect(await toolRow(row.id)).toMatchObject({
      name: 'New Name',
      price: 1500,
      quantity: 70,
      img: row.img,
      description: row.description,
      minimumOrder: row.minimumOrder,
    });
  });

  it('restock adds to the current stock', async () => {
    const row = await t.addTool({ quantity: 100 });
    const response = await asAdmin.patch(`/tools/${row.id}`, { restock: 50 });
    expect(json<Tool>(response).quantity).toBe(150);
    expect((await toolRow(row.id))?.quantity).toBe(150);
  });

  it('restock is atomic: concurrent restocks all count', async () => {
    const row = await t.addTool({ quantity: 100 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => asAdmin.patch(`/tools/${row.id}`, { restock: 5 })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect((await toolRow(row.id))?.quantity).toBe(150);
  });

  it('refuses a restock that would take the stock above the maximum, changing nothing', async () => {
    const row = await t.addTool({ quantity: 9_999_990 });
    expectFieldError(await asAdmin.patch(`/tools/${row.id}`, { restock: 11 }), 'restock');
    expect((await toolRow(row.id))?.quantity).toBe(9_999_990);
    const atMax = await asAdmin.patch(`/tools/${row.id}`, { restock: 10 });
    expect(json<Tool>(atMax).quantity).toBe(10_000_000);
    expectFieldError(await asAdmin.patch(`/tools/${row.id}`, { restock: 10_000_000 }), 'restock');
    expect((await toolRow(row.id))?.quantity).toBe(10_000_000);
  });

  it.each([
    // The stock is set with `quantity` (tool-changes.test.ts); never below 0, never with a restock.
    [{ quantity: -1 }, 'quantity'],
    [{ quantity: 5, restock: 5 }, 'restock'],
    [{ restock: 0 }, 'restock'],
    [{ restock: -5 }, 'restock'],
    [{ restock: 2.5 }, 'restock'],
    [{ price: -1 }, 'price'],
    [{ name: 'Fine', deletedAt: null }, 'deletedAt'],
    [{}, '(body)'],
  ])('refuses %j and changes nothing', async (body, field) => {
    const row = await t.addTool();
    expectFieldError(await asAdmin.patch(`/tools/${row.id}`, body), field);
    expect(await toolRow(row.id)).toEqual(row);
  });

  it('answers 404 for an unknown or deleted tool', async () => {
    const row = await t.addTool();
    await asAdmin.delete(`/product/${row.id}`);
    expectProblem(await asAdmin.patch(`/tools/${row.id}`, { restock: 1 }), 404, 'not_found');
    expectProblem(await asAdmin.patch(`/tools/${UNKNOWN_ID}`, { name: 'Ghost' }), 404, 'not_found');
  });
});

describe('PUT /api/purchase/:id', () => {
  it('sets the stock to newQuantity', async () => {
    const row = await t.addTool({ quantity: 100 });
    const response = await asAdmin.put(`/purchase/${row.id}`, { newQuantity: 0 });
    expect(response.statusCode).toBe(200);
    expect(json<Tool>(response).quantity).toBe(0);
    expect((await toolRow(row.id))?.quantity).toBe(0);
    await asAdmin.put(`/purchase/${row.id}`, { newQuantity: 250 });
    expect((await toolRow(row.id))?.quantity).toBe(250);
  });

  it.each([
    [{ newQuantity: -1 }, 'newQuantity'],
    [{ newQuantity: 1.5 }, 'newQuantity'],
    [{ newQuantity: '7' }, 'newQuantity'],
    [{}, 'newQuantity'],
    [{ newQuantity: 5, price: 1 }, 'price'],
  ])('refuses %j and changes nothing', async (body, field) => {
    const row = await t.addTool({ quantity: 100 });
    expectFieldError(await asAdmin.put(`/purchase/${row.id}`, body), field);
    expect((await toolRow(row.id))?.quantity).toBe(100);
  });

  it('answers 404 for an unknown or deleted tool', async () => {
    const row = await t.addTool();
    await asAdmin.delete(`/product/${row.id}`);
    expectProblem(await asAdmin.put(`/purchase/${row.id}`, { newQuantity: 1 }), 404, 'not_found');
    expectProblem(
      await asAdmin.put(`/purchase/${UNKNOWN_ID}`, { newQuantity: 1 }),
      404,
      'not_found',
    );
  });
});

describe('DELETE /api/product/:id', () => {
  it('answers {deletedCount: 1}, then 404; the row stays, marked deleted', async () => {
    const row = await t.addTool();
    const response = await asAdmin.delete(`/product/${row.id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ deletedCount: 1 });

    expectProblem(await visitor.get(`/purchase/${row.id}`), 404, 'not_found');
    expectProblem(await asAdmin.delete(`/product/${row.id}`), 404, 'not_found');
    expect((await toolRow(row.id))?.deletedAt).toBeInstanceOf(Date);
  });

  it('answers 404 for an unknown tool', async () => {
    expectProblem(await asAdmin.delete(`/product/${UNKNOWN_ID}`), 404, 'not_found');
  });
});

describe('past orders', () => {
  it('keep their product name and unit price after the tool is edited, then deleted', async () => {
    const row = await t.addTool({ name: 'Bench Vise', price: 3000, minimumOrder: 2 });
    const placed = await asCustomer.post(`/user?email=${customer.email}`, {
      toolId: row.id,
      orderedNum: 4,
      phone: '+1 555 010 9999',
      address: '12 Forge Lane, Springfield',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = json<{ _id: string }>(placed)._id;

    await asAdmin.patch(`/tools/${row.id}`, { name: 'Bench Vise Pro', price: 9999 });
    const expected = { productName: 'Bench Vise', unitPrice: 3000, totalAmount: 12_000 };
    const mine = async () =>
      json<{ _id: string }[]>(await asCustomer.get(`/user?email=${customer.email}`)).find(
        (order) => order._id === orderId,
      );
    expect(await mine()).toMatchObject(expected);

    await asAdmin.delete(`/product/${row.id}`);
    expect(await mine()).toMatchObject(expected);
    const all = json<{ _id: string }[]>(await asAdmin.get('/orderlist'));
    expect(all.find((order) => order._id === orderId)).toMatchObject(expected);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(stored).toMatchObject({ productName: 'Bench Vise', unitPrice: 3000 });
  });
});

describe('admin routes', () => {
  const adminRoutes = Object.values(toolRoutes).filter((route) => route.access === 'admin');
  const bodies: Record<string, unknown> = {
    'POST /tools': validTool,
    'PATCH /tools/:id': { name: 'Hijacked', restock: 1000 },
    'PUT /purchase/:id': { newQuantity: 0 },
    'DELETE /product/:id': undefined,
    'GET /tools/manage': undefined,
    'GET /tools/:id/open-orders': undefined,
  };

  it('cover every admin tool route in this table', () => {
    expect(adminRoutes.map((route) => `${route.method} ${route.path}`).sort()).toEqual(
      Object.keys(bodies).sort(),
    );
  });

  it.each(adminRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: 401 for visitors, 403 for customers, and nothing changes',
    async (key, route) => {
      const row = await t.addTool();
      const before = await countTools();
      const request = {
        method: route.method,
        url: urlFor(route, { id: row.id }),
        ...(bodies[key] === undefined ? {} : { payload: bodies[key] as object }),
      };
      expectProblem(
        await t.app.inject({ ...request, headers: { origin: TEST_ORIGIN } }),
        401,
        'unauthenticated',
      );
      expectProblem(
        await t.app.inject({ ...request, headers: customer.headers }),
        403,
        'forbidden',
      );
      expect(await toolRow(row.id)).toEqual(row);
      expect(await countTools()).toBe(before);
    },
  );
});

async function countTools(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(tools);
  return row?.n ?? 0;
}
