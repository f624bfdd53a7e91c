import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSchema } from '../../../contract/orders.ts';
import { client, expectFieldError, expectProblem, UNKNOWN_ID } from '../../testing/http.ts';
import { buildShopTestApp, type ShopTestApp } from '../../testing/shop-test-app.ts';

/** Placing a one-line order (`POST /api/user?email=`): what it takes, and everything it refuses. */

let shop: ShopTestApp;
beforeAll(async () => {
  shop = await buildShopTestApp();
});
afterAll(() => shop.close());

describe('POST /api/user?email= (place an order)', () => {
  it('creates an unpaid order priced from the database and takes the stock', async () => {
    const tool = await shop.t.addTool({
      name: 'Pipe Wrench',
      price: 1250,
      quantity: 100,
      minimumOrder: 10,
    });
    const response = await shop.asAna.post(
      `/user?email=${shop.ana.email}`,
      shop.orderBody(tool.id, 12),
    );

    expect(response.statusCode, response.body).toBe(201);
    const order = OrderSchema.strict().parse(response.json());
    expect(order).toMatchObject({
      toolId: tool.id,
      productName: 'Pipe Wrench',
      unitPrice: 1250,
      name: 'Ana Customer',
      email: shop.ana.email,
      orderedNum: 12,
      ...shop.delivery,
      totalAmount: 15_000,
      currency: 'USD',
      status: 'unpaid',
      transactionId: null,
      paidAt: null,
      shippedAt: null,
      cancelledAt: null,
    });
    expect(await shop.stockOf(tool.id)).toBe(88);
    expect(await shop.orderRow(order._id)).toMatchObject({
      userId: shop.ana.id,
      totalAmount: 15_000,
      status: 'unpaid',
    });
  });

  it('accepts the own email in another letter case', async () => {
    const tool = await shop.t.addTool();
    const response = await shop.asAna.post(
      `/user?email=${shop.ana.email.toUpperCase()}`,
      shop.orderBody(tool.id, 10),
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('can take the last units, then refuses more with 409 out_of_stock', async () => {
    const tool = await shop.t.addTool({ quantity: 30, minimumOrder: 10 });
    await shop.placeOrder(shop.ana, tool.id, 30);
    expect(await shop.stockOf(tool.id)).toBe(0);
    const problem = expectProblem(
      await shop.asAna.post(`/user?email=${shop.ana.email}`, shop.orderBody(tool.id, 10)),
      409,
      'out_of_stock',
    );
    expect(problem.detail).toMatch(/out of stock/i);
  });

  it.each([
    ['price', 1],
    ['totalAmount', 1],
    ['unitPrice', 1],
    ['status', 'paid'],
    ['productName', 'Free Tool'],
    ['name', 'Someone Else'],
    ['email', 'someone@example.com'],
    ['quantity', 0],
  ])('refuses a body carrying %s (400), taking nothing', async (key, value) => {
    const tool = await shop.t.addTool({ quantity: 100 });
    const response = await shop.asAna.post(`/user?email=${shop.ana.email}`, {
      ...shop.orderBody(tool.id, 10),
      [key]: value,
    });
    expectFieldError(response, key);
    expect(await shop.stockOf(tool.id)).toBe(100);
    expect(await shop.ordersOfTool(tool.id)).toEqual([]);
  });

  it('refuses less than the minimum order with 400 on orderedNum', async () => {
    const tool = await shop.t.addTool({ quantity: 100, minimumOrder: 10 });
    const problem = expectFieldError(
      await shop.asAna.post(`/user?email=${shop.ana.email}`, shop.orderBody(tool.id, 9)),
      'orderedNum',
    );
    expect(problem.detail).toContain('10');
    expect(await shop.stockOf(tool.id)).toBe(100);
    expect(await shop.ordersOfTool(tool.id)).toEqual([]);
  });

  it('refuses more than the stock with 409 out_of_stock', async () => {
    const tool = await shop.t.addTool({ quantity: 100, minimumOrder: 10 });
    const problem = expectProblem(
      await shop.asAna.post(`/user?email=${shop.ana.email}`, shop.orderBody(tool.id, 101)),
      409,
      'out_of_stock',
    );
    expect(problem.detail).toContain('100');
    expect(await shop.stockOf(tool.id)).toBe(100);
    expect(await shop.ordersOfTool(tool.id)).toEqual([]);
  });

  it.each([10.5, -10, 0, 1_000_001, 1e21, Number.MAX_SAFE_INTEGER + 2, '10', null, true])(
    'refuses orderedNum = %j with 400, taking nothing',
    async (orderedNum) => {
      const tool = await shop.t.addTool({ quantity: 100, minimumOrder: 1 });
      const response = await shop.asAna.post(`/user?email=${shop.ana.email}`, {
        ...shop.orderBody(tool.id, 1),
        orderedNum,
      });
      expectFieldError(response, 'orderedNum');
      expect(await shop.stockOf(tool.id)).toBe(100);
    },
  );

  it('refuses an order whose total is too large to store, taking nothing', async () => {
    // 100 units at the highest price is 10 billion cents, far above what an order can hold.
    const tool = await shop.t.addTool({ price: 100_000_000, quantity: 1000, minimumOrder: 1 });
    const response = await shop.asAna.post(
      `/user?email=${shop.ana.email}`,
      shop.orderBody(tool.id, 100),
    );
    expectFieldError(response, 'orderedNum');
    expect(await shop.stockOf(tool.id)).toBe(1000);
    expect(await shop.ordersOfTool(tool.id)).toEqual([]);

    const fits = await shop.placeOrder(shop.ana, tool.id, 21);
    expect(fits.totalAmount).toBe(2_100_000_000);
  });

  it.each([
    ['toolId', 'not-a-uuid'],
    ['phone', '12'],
    ['phone', 'call me maybe'],
    ['address', 'abc'],
    ['address', 'x'.repeat(501)],
  ])('refuses %s = %j with 400', async (field, value) => {
    const tool = await shop.t.addTool();
    const response = await shop.asAna.post(`/user?email=${shop.ana.email}`, {
      ...shop.orderBody(tool.id, 10),
      [field]: value,
    });
    expectFieldError(response, field);
  });

  it('refuses a missing or malformed email in the query', async () => {
    const tool = await shop.t.addTool();
    expectFieldError(await shop.asAna.post('/user', shop.orderBody(tool.id, 10)), 'email', 'query');
    expectFieldError(
      await shop.asAna.post('/user?email=nope', shop.orderBody(tool.id, 10)),
      'email',
      'query',
    );
  });

  it('answers 404 for an unknown tool and for a deleted one', async () => {
    expectProblem(
      await shop.asAna.post(`/user?email=${shop.ana.email}`, shop.orderBody(UNKNOWN_ID, 10)),
      404,
      'not_found',
    );
    const tool = await shop.t.addTool({ quantity: 100 });
    await shop.asAdmin.delete(`/product/${tool.id}`);
    expectProblem(
      await shop.asAna.post(`/user?email=${shop.ana.email}`, shop.orderBody(tool.id, 10)),
      404,
      'not_found',
    );
    expect(await shop.stockOf(tool.id)).toBe(100);
  });

  it("refuses another user's email in the query with 403, for customers and admins alike", async () => {
    const tool = await shop.t.addTool({ quantity: 100 });
    expectProblem(
      await shop.asAna.post(`/user?email=${shop.bob.email}`, shop.orderBody(tool.id, 10)),
      403,
      'forbidden',
    );
    expectProblem(
      await shop.asAdmin.post(`/user?email=${shop.bob.email}`, shop.orderBody(tool.id, 10)),
      403,
      'forbidden',
    );
    expect(await shop.stockOf(tool.id)).toBe(100);
    expect(await shop.ordersOfTool(tool.id)).toEqual([]);
  });

  it('answers 401 to visitors', async () => {
    const tool = await shop.t.addTool({ quantity: 100 });
    expectProblem(
      await shop.visitor.post(`/user?email=${shop.ana.email}`, shop.orderBody(tool.id, 10)),
      401,
      'unauthenticated',
    );
    expect(await shop.stockOf(tool.id)).toBe(100);
  });

  it('needs a verified email: 403 email_not_verified, taking nothing', async () => {
    const unverified = await shop.t.signUp({ verified: false });
    const tool = await shop.t.addTool({ quantity: 100 });
    expectProblem(
      await client(shop.t.app, unverified).post(
        `/user?email=${unverified.email}`,
        shop.orderBody(tool.id, 10),
      ),
      403,
      'email_not_verified',
    );
    expect(await shop.stockOf(tool.id)).toBe(100);
    expect(await shop.ordersOfTool(tool.id)).toEqual([]);
  });
});
