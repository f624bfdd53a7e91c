import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolRoutes } from '../../../contract/tool-routes.ts';
import { type Tool, ToolDetailSchema } from '../../../contract/tools.ts';
import { tools } from '../../db/schema.ts';
import { expectFieldError, expectProblem, json, UNKNOWN_ID, urlFor } from '../../testing/http.ts';
import { buildShopTestApp, type ShopTestApp } from '../../testing/shop-test-app.ts';
import { TEST_ORIGIN } from '../../testing/test-app.ts';

/** An admin adds, edits, restocks and deletes tools; visitors and customers can do none of it. */

let shop: ShopTestApp;
beforeAll(async () => {
  shop = await buildShopTestApp();
});
afterAll(() => shop.close());

const validTool = {
  name: 'Cordless Drill 18V',
  img: '/images/tools/drill.svg',
  description: 'An 18 V cordless drill with two batteries and a charger.',
  quantity: 500,
  minimumOrder: 20,
  price: 4999,
};

async function toolRow(id: string) {
  const [row] = await shop.t.db.select().from(tools).where(eq(tools.id, id));
  return row;
}

describe('POST /api/tools', () => {
  it('adds a tool (201) that the catalogue then lists', async () => {
    const response = await shop.asAdmin.post('/tools', validTool);
    expect(response.statusCode).toBe(201);
    const created = ToolDetailSchema.parse(response.json());
    expect(created).toMatchObject({ ...validTool, gallery: [], documents: [], related: [] });
    expect(await toolRow(created._id)).toMatchObject({ ...validTool, deletedAt: null });
    expect(json<Tool>(await shop.visitor.get(`/purchase/${created._id}`))).toEqual(created);
  });

  it('accepts an https image link and trims text fields', async () => {
    const response = await shop.asAdmin.post('/tools', {
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
    const response = await shop.asAdmin.post('/tools', { ...validTool, [field]: value });
    expectFieldError(response, field);
    expect(await countTools()).toBe(before);
  });

  it('names every missing field', async () => {
    const problem = expectProblem(await shop.asAdmin.post('/tools', {}), 400, 'validation_failed');
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
    expectFieldError(await shop.asAdmin.post('/tools', { ...validTool, [key]: value }), key);
    expect(await countTools()).toBe(before);
  });
});

describe('PATCH /api/tools/:id', () => {
  it('edits the given fields and leaves the others', async () => {
    const row = await shop.t.addTool({ name: 'Old Name', price: 1000, quantity: 70 });
    const response = await shop.asAdmin.patch(`/tools/${row.id}`, {
      name: 'New Name',
      price: 1500,
    });
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
    const row = await shop.t.addTool({ quantity: 100 });
    const response = await shop.asAdmin.patch(`/tools/${row.id}`, { restock: 50 });
    expect(json<Tool>(response).quantity).toBe(150);
    expect((await toolRow(row.id))?.quantity).toBe(150);
  });

  it('restock is atomic: concurrent restocks all count', async () => {
    const row = await shop.t.addTool({ quantity: 100 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => shop.asAdmin.patch(`/tools/${row.id}`, { restock: 5 })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect((await toolRow(row.id))?.quantity).toBe(150);
  });

  it('refuses a restock that would take the stock above the maximum, changing nothing', async () => {
    const row = await shop.t.addTool({ quantity: 9_999_990 });
    expectFieldError(await shop.asAdmin.patch(`/tools/${row.id}`, { restock: 11 }), 'restock');
    expect((await toolRow(row.id))?.quantity).toBe(9_999_990);
    const atMax = await shop.asAdmin.patch(`/tools/${row.id}`, { restock: 10 });
    expect(json<Tool>(atMax).quantity).toBe(10_000_000);
    expectFieldError(
      await shop.asAdmin.patch(`/tools/${row.id}`, { restock: 10_000_000 }),
      'restock',
    );
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
    const row = await shop.t.addTool();
    expectFieldError(await shop.asAdmin.patch(`/tools/${row.id}`, body), field);
    expect(await toolRow(row.id)).toEqual(row);
  });

  it('answers 404 for an unknown or deleted tool', async () => {
    const row = await shop.t.addTool();
    await shop.asAdmin.delete(`/product/${row.id}`);
    expectProblem(await shop.asAdmin.patch(`/tools/${row.id}`, { restock: 1 }), 404, 'not_found');
    expectProblem(
      await shop.asAdmin.patch(`/tools/${UNKNOWN_ID}`, { name: 'Ghost' }),
      404,
      'not_found',
    );
  });
});

describe('PUT /api/purchase/:id', () => {
  it('sets the stock to newQuantity', async () => {
    const row = await shop.t.addTool({ quantity: 100 });
    const response = await shop.asAdmin.put(`/purchase/${row.id}`, { newQuantity: 0 });
    expect(response.statusCode).toBe(200);
    expect(json<Tool>(response).quantity).toBe(0);
    expect((await toolRow(row.id))?.quantity).toBe(0);
    await shop.asAdmin.put(`/purchase/${row.id}`, { newQuantity: 250 });
    expect((await toolRow(row.id))?.quantity).toBe(250);
  });

  it.each([
    [{ newQuantity: -1 }, 'newQuantity'],
    [{ newQuantity: 1.5 }, 'newQuantity'],
    [{ newQuantity: '7' }, 'newQuantity'],
    [{}, 'newQuantity'],
    [{ newQuantity: 5, price: 1 }, 'price'],
  ])('refuses %j and changes nothing', async (body, field) => {
    const row = await shop.t.addTool({ quantity: 100 });
    expectFieldError(await shop.asAdmin.put(`/purchase/${row.id}`, body), field);
    expect((await toolRow(row.id))?.quantity).toBe(100);
  });

  it('answers 404 for an unknown or deleted tool', async () => {
    const row = await shop.t.addTool();
    await shop.asAdmin.delete(`/product/${row.id}`);
    expectProblem(
      await shop.asAdmin.put(`/purchase/${row.id}`, { newQuantity: 1 }),
      404,
      'not_found',
    );
    expectProblem(
      await shop.asAdmin.put(`/purchase/${UNKNOWN_ID}`, { newQuantity: 1 }),
      404,
      'not_found',
    );
  });
});

describe('DELETE /api/product/:id', () => {
  it('answers {deletedCount: 1}, then 404; the row stays, marked deleted', async () => {
    const row = await shop.t.addTool();
    const response = await shop.asAdmin.delete(`/product/${row.id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ deletedCount: 1 });

    expectProblem(await shop.visitor.get(`/purchase/${row.id}`), 404, 'not_found');
    expectProblem(await shop.asAdmin.delete(`/product/${row.id}`), 404, 'not_found');
    expect((await toolRow(row.id))?.deletedAt).toBeInstanceOf(Date);
  });

  it('answers 404 for an unknown tool', async () => {
    expectProblem(await shop.asAdmin.delete(`/product/${UNKNOWN_ID}`), 404, 'not_found');
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
      const row = await shop.t.addTool();
      const before = await countTools();
      const request = {
        method: route.method,
        url: urlFor(route, { id: row.id }),
        ...(bodies[key] === undefined ? {} : { payload: bodies[key] as object }),
      };
      expectProblem(
        await shop.t.app.inject({ ...request, headers: { origin: TEST_ORIGIN } }),
        401,
        'unauthenticated',
      );
      expectProblem(
        await shop.t.app.inject({ ...request, headers: shop.ana.headers }),
        403,
        'forbidden',
      );
      expect(await toolRow(row.id)).toEqual(row);
      expect(await countTools()).toBe(before);
    },
  );
});

async function countTools(): Promise<number> {
  const [row] = await shop.t.db.select({ n: sql<number>`count(*)::int` }).from(tools);
  return row?.n ?? 0;
}
