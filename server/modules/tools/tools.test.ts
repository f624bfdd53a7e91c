import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tool, ToolSchema } from '../../../contract/tools.ts';
import { orders } from '../../db/schema.ts';
import { expectFieldError, expectProblem, json, UNKNOWN_ID } from '../../testing/http.ts';
import { buildShopTestApp, type ShopTestApp } from '../../testing/shop-test-app.ts';

/** The catalogue as everyone reads it: the list, one tool, and what past orders keep of a tool. */

let shop: ShopTestApp;
beforeAll(async () => {
  shop = await buildShopTestApp();
});
afterAll(() => shop.close());

/** Adds tools whose names share `prefix`, in this order, one after another. */
async function addTools(prefix: string, specs: { name: string; price?: number }[]) {
  const rows = [];
  for (const spec of specs)
    rows.push(await shop.t.addTool({ ...spec, name: `${prefix} ${spec.name}` }));
  return rows;
}

async function listNames(query: string): Promise<string[]> {
  const response = await shop.visitor.get(`/tools?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<Tool[]>(response).map((tool) => tool.name);
}

describe('GET /api/tools', () => {
  it('lists every listed tool oldest first, with its fields and the total in X-Total-Count', async () => {
    const [first, second] = await addTools('Listing', [{ name: 'Hammer' }, { name: 'Saw' }]);
    const response = await shop.visitor.get('/tools?q=Listing');

    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    const body = json<Tool[]>(response);
    expect(body.map((tool) => tool._id)).toEqual([first?.id, second?.id]);
    expect(ToolSchema.strict().parse(body[0])).toEqual({
      _id: first?.id,
      // Numbered by the store (added without a SKU), of the store's brand (the default's name).
      sku: first?.sku,
      brand: 'Toolyard',
      mpn: null,
      gtin: null,
      categoryId: null,
      specs: {},
      name: 'Listing Hammer',
      img: first?.img,
      description: first?.description,
      quantity: 100,
      minimumOrder: 10,
      // Sold by the unit, with no most per order of its own, unless an admin says otherwise.
      orderIncrement: 1,
      maxPerOrder: null,
      price: 1250,
      // No weight until an admin gives one.
      weightGrams: 0,
      // Added with volume prices; the spec's fields are all there as they were.
      priceTiers: [],
      rating: { average: null, count: 0 },
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
    const response = await shop.visitor.get('/tools?q=Paging&limit=2&offset=2');
    expect(response.headers['x-total-count']).toBe('5');
    expect(json<Tool[]>(response).map((tool) => tool._id)).toEqual([rows[2]?.id, rows[3]?.id]);

    const past = await shop.visitor.get('/tools?q=Paging&limit=2&offset=5');
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
    expectFieldError(await shop.visitor.get(`/tools?${query}`), field, 'query');
  });

  it('hides deleted tools from the list and its total', async () => {
    const [kept, removed] = await addTools('Hidden', [{ name: 'kept' }, { name: 'removed' }]);
    expect((await shop.asAdmin.delete(`/product/${removed?.id}`)).statusCode).toBe(200);

    const response = await shop.visitor.get('/tools?q=Hidden');
    expect(json<Tool[]>(response).map((tool) => tool._id)).toEqual([kept?.id]);
    expect(response.headers['x-total-count']).toBe('1');
  });
});

describe('GET /api/purchase/:id', () => {
  it('returns one tool to anyone', async () => {
    const row = await shop.t.addTool({ name: 'Angle Grinder', price: 8900 });
    const response = await shop.visitor.get(`/purchase/${row.id}`);
    expect(response.statusCode).toBe(200);
    expect(json<Tool>(response)).toMatchObject({ _id: row.id, name: 'Angle Grinder', price: 8900 });
  });

  it('answers 404 for an unknown or deleted tool and 400 for a malformed id', async () => {
    const row = await shop.t.addTool();
    await shop.asAdmin.delete(`/product/${row.id}`);
    expectProblem(await shop.visitor.get(`/purchase/${row.id}`), 404, 'not_found');
    expectProblem(await shop.visitor.get(`/purchase/${UNKNOWN_ID}`), 404, 'not_found');
    expectFieldError(await shop.visitor.get('/purchase/not-an-id'), 'id', 'params');
  });
});

describe('past orders', () => {
  it('keep their product name and unit price after the tool is edited, then deleted', async () => {
    const row = await shop.t.addTool({ name: 'Bench Vise', price: 3000, minimumOrder: 2 });
    const placed = await shop.asAna.post(`/user?email=${shop.ana.email}`, {
      toolId: row.id,
      orderedNum: 4,
      phone: '+1 555 010 9999',
      address: '12 Forge Lane, Springfield',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = json<{ _id: string }>(placed)._id;

    await shop.asAdmin.patch(`/tools/${row.id}`, { name: 'Bench Vise Pro', price: 9999 });
    const expected = { productName: 'Bench Vise', unitPrice: 3000, totalAmount: 12_000 };
    const mine = async () =>
      json<{ _id: string }[]>(await shop.asAna.get(`/user?email=${shop.ana.email}`)).find(
        (order) => order._id === orderId,
      );
    expect(await mine()).toMatchObject(expected);

    await shop.asAdmin.delete(`/product/${row.id}`);
    expect(await mine()).toMatchObject(expected);
    const all = json<{ _id: string }[]>(await shop.asAdmin.get('/orderlist'));
    expect(all.find((order) => order._id === orderId)).toMatchObject(expected);
    const [stored] = await shop.t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(stored).toMatchObject({ productName: 'Bench Vise', unitPrice: 3000 });
  });
});
