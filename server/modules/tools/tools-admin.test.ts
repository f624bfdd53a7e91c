import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolRoutes } from '../../../contract/tool-routes.ts';
import type { Tool } from '../../../contract/tools.ts';
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

/** Changing and deleting tools (tools.test.ts lists, reads and adds them), and who may. */

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

async function toolRow(id: string) {
  const [row] = await t.db.select().from(tools).where(eq(tools.id, id));
  return row;
}

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
