import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, OrderSchema } from '../../../contract/orders.ts';
import { PaymentOrderSchema } from '../../../contract/payments.ts';
import { orders, tools } from '../../db/schema.ts';
import {
  type Client,
  client,
  expectFieldError,
  expectProblem,
  json,
  UNKNOWN_ID,
} from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

let t: TestContext;
let visitor: Client;
let ana: TestUser;
let asAna: Client;
let bob: TestUser;
let asBob: Client;
let admin: TestUser;
let asAdmin: Client;

beforeAll(async () => {
  t = await buildTestApp();
  visitor = client(t.app);
  ana = await t.signUp({ name: 'Ana Customer' });
  asAna = client(t.app, ana);
  bob = await t.signUp({ name: 'Bob Customer' });
  asBob = client(t.app, bob);
  admin = await t.signUp({ role: 'Admin' });
  asAdmin = client(t.app, admin);
});
afterAll(async () => {
  await t.close();
});

const delivery = { phone: '+1 (555) 010-2030', address: '42 Workshop Road, Springfield' };

function orderBody(toolId: string, orderedNum: number) {
  return { toolId, orderedNum, ...delivery };
}

/** Places an order over HTTP as `user` and returns it (asserting the 201). */
async function placeOrder(user: TestUser, toolId: string, orderedNum = 10): Promise<Order> {
  const response = await client(t.app, user).post(
    `/user?email=${encodeURIComponent(user.email)}`,
    orderBody(toolId, orderedNum),
  );
  expect(response.statusCode, response.body).toBe(201);
  return OrderSchema.parse(response.json());
}

async function stockOf(toolId: string): Promise<number | undefined> {
  const [row] = await t.db
    .select({ quantity: tools.quantity })
    .from(tools)
    .where(eq(tools.id, toolId));
  return row?.quantity;
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function ordersOfTool(toolId: string) {
  return t.db.select().from(orders).where(eq(orders.toolId, toolId));
}

const pay = (id: string) => t.app.services.orders.markPaid(id, `txn_${randomUUID()}`);

describe('POST /api/user?email= (place an order)', () => {
  it('creates an unpaid order priced from the database and takes the stock', async () => {
    const tool = await t.addTool({
      name: 'Pipe Wrench',
      price: 1250,
      quantity: 100,
      minimumOrder: 10,
    });
    const response = await asAna.post(`/user?email=${ana.email}`, orderBody(tool.id, 12));

    expect(response.statusCode, response.body).toBe(201);
    const order = OrderSchema.strict().parse(response.json());
    expect(order).toMatchObject({
      toolId: tool.id,
      productName: 'Pipe Wrench',
      unitPrice: 1250,
      name: 'Ana Customer',
      email: ana.email,
      orderedNum: 12,
      ...delivery,
      totalAmount: 15_000,
      currency: 'USD',
      status: 'unpaid',
      transactionId: null,
      paidAt: null,
      shippedAt: null,
      cancelledAt: null,
    });
    expect(await stockOf(tool.id)).toBe(88);
    expect(await orderRow(order._id)).toMatchObject({
      userId: ana.id,
      totalAmount: 15_000,
      status: 'unpaid',
    });
  });

  it('accepts the own email in another letter case', async () => {
    const tool = await t.addTool();
    const response = await asAna.post(
      `/user?email=${ana.email.toUpperCase()}`,
      orderBody(tool.id, 10),
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('can take the last units, then refuses more with 409 out_of_stock', async () => {
    const tool = await t.addTool({ quantity: 30, minimumOrder: 10 });
    await placeOrder(ana, tool.id, 30);
    expect(await stockOf(tool.id)).toBe(0);
    const problem = expectProblem(
      await asAna.post(`/user?email=${ana.email}`, orderBody(tool.id, 10)),
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
    const tool = await t.addTool({ quantity: 100 });
    const response = await asAna.post(`/user?email=${ana.email}`, {
      ...orderBody(tool.id, 10),
      [key]: value,
    });
    expectFieldError(response, key);
    expect(await stockOf(tool.id)).toBe(100);
    expect(await ordersOfTool(tool.id)).toEqual([]);
  });

  it('refuses less than the minimum order with 400 on orderedNum', async () => {
    const tool = await t.addTool({ quantity: 100, minimumOrder: 10 });
    const problem = expectFieldError(
      await asAna.post(`/user?email=${ana.email}`, orderBody(tool.id, 9)),
      'orderedNum',
    );
    expect(problem.detail).toContain('10');
    expect(await stockOf(tool.id)).toBe(100);
    expect(await ordersOfTool(tool.id)).toEqual([]);
  });

  it('refuses more than the stock with 409 out_of_stock', async () => {
    const tool = await t.addTool({ quantity: 100, minimumOrder: 10 });
    const problem = expectProblem(
      await asAna.post(`/user?email=${ana.email}`, orderBody(tool.id, 101)),
      409,
      'out_of_stock',
    );
    expect(problem.detail).toContain('100');
    expect(await stockOf(tool.id)).toBe(100);
    expect(await ordersOfTool(tool.id)).toEqual([]);
  });

  it.each([10.5, -10, 0, 1_000_001, 1e21, Number.MAX_SAFE_INTEGER + 2, '10', null, true])(
    'refuses orderedNum = %j with 400, taking nothing',
    async (orderedNum) => {
      const tool = await t.addTool({ quantity: 100, minimumOrder: 1 });
      const response = await asAna.post(`/user?email=${ana.email}`, {
        ...orderBody(tool.id, 1),
        orderedNum,
      });
      expectFieldError(response, 'orderedNum');
      expect(await stockOf(tool.id)).toBe(100);
    },
  );

  it('refuses an order whose total is too large to store, taking nothing', async () => {
    // 100 units at the highest price is 10 billion cents, far above what an order can hold.
    const tool = await t.addTool({ price: 100_000_000, quantity: 1000, minimumOrder: 1 });
    const response = await asAna.post(`/user?email=${ana.email}`, orderBody(tool.id, 100));
    expectFieldError(response, 'orderedNum');
    expect(await stockOf(tool.id)).toBe(1000);
    expect(await ordersOfTool(tool.id)).toEqual([]);

    const fits = await placeOrder(ana, tool.id, 21);
    expect(fits.totalAmount).toBe(2_100_000_000);
  });

  it.each([
    ['toolId', 'not-a-uuid'],
    ['phone', '12'],
    ['phone', 'call me maybe'],
    ['address', 'abc'],
    ['address', 'x'.repeat(501)],
  ])('refuses %s = %j with 400', async (field, value) => {
    const tool = await t.addTool();
    const response = await asAna.post(`/user?email=${ana.email}`, {
      ...orderBody(tool.id, 10),
      [field]: value,
    });
    expectFieldError(response, field);
  });

  it('refuses a missing or malformed email in the query', async () => {
    const tool = await t.addTool();
    expectFieldError(await asAna.post('/user', orderBody(tool.id, 10)), 'email', 'query');
    expectFieldError(
      await asAna.post('/user?email=nope', orderBody(tool.id, 10)),
      'email',
      'query',
    );
  });

  it('answers 404 for an unknown tool and for a deleted one', async () => {
    expectProblem(
      await asAna.post(`/user?email=${ana.email}`, orderBody(UNKNOWN_ID, 10)),
      404,
      'not_found',
    );
    const tool = await t.addTool({ quantity: 100 });
    await asAdmin.delete(`/product/${tool.id}`);
    expectProblem(
      await asAna.post(`/user?email=${ana.email}`, orderBody(tool.id, 10)),
      404,
      'not_found',
    );
    expect(await stockOf(tool.id)).toBe(100);
  });

  it("refuses another user's email in the query with 403, for customers and admins alike", async () => {
    const tool = await t.addTool({ quantity: 100 });
    expectProblem(
      await asAna.post(`/user?email=${bob.email}`, orderBody(tool.id, 10)),
      403,
      'forbidden',
    );
    expectProblem(
      await asAdmin.post(`/user?email=${bob.email}`, orderBody(tool.id, 10)),
      403,
      'forbidden',
    );
    expect(await stockOf(tool.id)).toBe(100);
    expect(await ordersOfTool(tool.id)).toEqual([]);
  });

  it('answers 401 to visitors', async () => {
    const tool = await t.addTool({ quantity: 100 });
    expectProblem(
      await visitor.post(`/user?email=${ana.email}`, orderBody(tool.id, 10)),
      401,
      'unauthenticated',
    );
    expect(await stockOf(tool.id)).toBe(100);
  });

  it('needs a verified email: 403 email_not_verified, taking nothing', async () => {
    const unverified = await t.signUp({ verified: false });
    const tool = await t.addTool({ quantity: 100 });
    expectProblem(
      await client(t.app, unverified).post(
        `/user?email=${unverified.email}`,
        orderBody(tool.id, 10),
      ),
      403,
      'email_not_verified',
    );
    expect(await stockOf(tool.id)).toBe(100);
    expect(await ordersOfTool(tool.id)).toEqual([]);
  });
});

describe('GET /api/user?email= (my orders)', () => {
  let carol: TestUser;
  let placed: Order[];

  beforeAll(async () => {
    carol = await t.signUp({ name: 'Carol' });
    const tool = await t.addTool({ quantity: 1000 });
    placed = [];
    for (const units of [10, 20, 30]) placed.push(await placeOrder(carol, tool.id, units));
    await placeOrder(bob, tool.id, 15);
  });

  it('lists only the own orders, newest first', async () => {
    const response = await client(t.app, carol).get(`/user?email=${carol.email}`);
    expect(response.statusCode).toBe(200);
    const list = json<Order[]>(response);
    expect(list.map((order) => order._id)).toEqual(placed.map((order) => order._id).reverse());
    expect(list.map((order) => order.orderedNum)).toEqual([30, 20, 10]);
  });

  it("refuses another customer's email with 403", async () => {
    expectProblem(await asAna.get(`/user?email=${carol.email}`), 403, 'forbidden');
  });

  it("lets an admin read anyone's orders", async () => {
    const response = await asAdmin.get(`/user?email=${carol.email}`);
    expect(response.statusCode).toBe(200);
    expect(json<Order[]>(response).map((order) => order._id)).toEqual(
      placed.map((order) => order._id).reverse(),
    );
  });

  it('answers 401 to visitors', async () => {
    expectProblem(await visitor.get(`/user?email=${carol.email}`), 401, 'unauthenticated');
  });
});

describe('DELETE /api/user/:id (cancel)', () => {
  it('cancels an unpaid order, keeps it in the history and returns its stock', async () => {
    const tool = await t.addTool({ quantity: 100 });
    const order = await placeOrder(ana, tool.id, 40);
    expect(await stockOf(tool.id)).toBe(60);

    const response = await asAna.delete(`/user/${order._id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ deletedCount: 1 });
    expect(await stockOf(tool.id)).toBe(100);

    const mine = json<Order[]>(await asAna.get(`/user?email=${ana.email}`));
    const kept = mine.find((item) => item._id === order._id);
    expect(kept).toMatchObject({ status: 'cancelled', orderedNum: 40 });
    expect(kept?.cancelledAt).not.toBeNull();
  });

  it('refuses to cancel twice (409 order_not_cancellable), returning the stock once', async () => {
    const tool = await t.addTool({ quantity: 100 });
    const order = await placeOrder(ana, tool.id, 40);
    await asAna.delete(`/user/${order._id}`);
    expectProblem(await asAna.delete(`/user/${order._id}`), 409, 'order_not_cancellable');
    expect(await stockOf(tool.id)).toBe(100);
  });

  it.each(['paid', 'shipped'] as const)(
    'refuses to cancel a %s order with 409, keeping the stock taken',
    async (status) => {
      const tool = await t.addTool({ quantity: 100 });
      const order = await placeOrder(ana, tool.id, 40);
      await pay(order._id);
      if (status === 'shipped') await asAdmin.put(`/order/${order._id}`, { status: 'shipped' });

      expectProblem(await asAna.delete(`/user/${order._id}`), 409, 'order_not_cancellable');
      expectProblem(await asAdmin.delete(`/user/${order._id}`), 409, 'order_not_cancellable');
      expect((await orderRow(order._id))?.status).toBe(status);
      expect(await stockOf(tool.id)).toBe(60);
    },
  );

  it("refuses another customer's order with 403, changing nothing", async () => {
    const tool = await t.addTool({ quantity: 100 });
    const order = await placeOrder(ana, tool.id, 40);
    expectProblem(await asBob.delete(`/user/${order._id}`), 403, 'forbidden');
    expect((await orderRow(order._id))?.status).toBe('unpaid');
    expect(await stockOf(tool.id)).toBe(60);
  });

  it("lets an admin cancel a customer's order", async () => {
    const tool = await t.addTool({ quantity: 100 });
    const order = await placeOrder(ana, tool.id, 40);
    expect(json(await asAdmin.delete(`/user/${order._id}`))).toEqual({ deletedCount: 1 });
    expect((await orderRow(order._id))?.status).toBe('cancelled');
    expect(await stockOf(tool.id)).toBe(100);
  });

  it('answers 404 for an unknown order, 400 for a malformed id and 401 to visitors', async () => {
    expectProblem(await asAna.delete(`/user/${UNKNOWN_ID}`), 404, 'not_found');
    expectFieldError(await asAna.delete('/user/123'), 'id', 'params');
    expectProblem(await visitor.delete(`/user/${UNKNOWN_ID}`), 401, 'unauthenticated');
  });

  it('returns the stock to a tool that was deleted meanwhile', async () => {
    const tool = await t.addTool({ quantity: 100 });
    const order = await placeOrder(ana, tool.id, 40);
    await asAdmin.delete(`/product/${tool.id}`);
    expect(json(await asAna.delete(`/user/${order._id}`))).toEqual({ deletedCount: 1 });
    expect(await stockOf(tool.id)).toBe(100);
  });
});

describe('GET /api/orderlist', () => {
  it('lists every customer’s orders, newest first, to admins only', async () => {
    const tool = await t.addTool({ quantity: 1000 });
    const first = await placeOrder(ana, tool.id, 10);
    const second = await placeOrder(bob, tool.id, 10);

    const response = await asAdmin.get('/orderlist');
    expect(response.statusCode).toBe(200);
    const list = json<Order[]>(response);
    const ids = list.map((order) => order._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(ids.indexOf(first._id)).toBeGreaterThanOrEqual(0);
    const times = list.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list).toHaveLength((await t.db.select().from(orders)).length);

    expectProblem(await asAna.get('/orderlist'), 403, 'forbidden');
    expectProblem(await visitor.get('/orderlist'), 401, 'unauthenticated');
  });
});

describe('PUT /api/order/:id (ship)', () => {
  it('ships a paid order once; unpaid, cancelled and shipped orders are refused with 409', async () => {
    const tool = await t.addTool({ quantity: 1000 });
    const order = await placeOrder(ana, tool.id, 10);

    expectProblem(
      await asAdmin.put(`/order/${order._id}`, { status: 'shipped' }),
      409,
      'order_not_shippable',
    );
    expect((await orderRow(order._id))?.status).toBe('unpaid');

    await pay(order._id);
    const response = await asAdmin.put(`/order/${order._id}`, { status: 'shipped' });
    expect(response.statusCode, response.body).toBe(200);
    const shipped = OrderSchema.parse(response.json());
    expect(shipped).toMatchObject({ _id: order._id, status: 'shipped' });
    expect(shipped.shippedAt).not.toBeNull();
    expect((await orderRow(order._id))?.status).toBe('shipped');

    expectProblem(
      await asAdmin.put(`/order/${order._id}`, { status: 'shipped' }),
      409,
      'order_not_shippable',
    );

    const cancelled = await placeOrder(ana, tool.id, 10);
    await asAna.delete(`/user/${cancelled._id}`);
    expectProblem(
      await asAdmin.put(`/order/${cancelled._id}`, { status: 'shipped' }),
      409,
      'order_not_shippable',
    );
  });

  it.each([
    [{ status: 'paid' }, 'status'],
    [{ status: 'cancelled' }, 'status'],
    [{ status: 'unpaid' }, 'status'],
    [{}, 'status'],
    [{ status: 'shipped', transactionId: 'txn_fake' }, 'transactionId'],
  ])('refuses the body %j with 400, changing nothing', async (body, field) => {
    const tool = await t.addTool({ quantity: 1000 });
    const order = await placeOrder(ana, tool.id, 10);
    await pay(order._id);
    expectFieldError(await asAdmin.put(`/order/${order._id}`, body), field);
    expect((await orderRow(order._id))?.status).toBe('paid');
  });

  it('is for admins only and answers 404 for an unknown order', async () => {
    const tool = await t.addTool({ quantity: 1000 });
    const order = await placeOrder(ana, tool.id, 10);
    await pay(order._id);
    expectProblem(await asAna.put(`/order/${order._id}`, { status: 'shipped' }), 403, 'forbidden');
    expectProblem(
      await visitor.put(`/order/${order._id}`, { status: 'shipped' }),
      401,
      'unauthenticated',
    );
    expect((await orderRow(order._id))?.status).toBe('paid');
    expectProblem(
      await asAdmin.put(`/order/${UNKNOWN_ID}`, { status: 'shipped' }),
      404,
      'not_found',
    );
  });
});

describe('GET /api/payment/:id', () => {
  it('shows the owner what to pay, and the transaction id once paid', async () => {
    const tool = await t.addTool({ name: 'Torque Wrench', price: 2500, quantity: 100 });
    const order = await placeOrder(ana, tool.id, 10);

    const response = await asAna.get(`/payment/${order._id}`);
    expect(response.statusCode).toBe(200);
    expect(PaymentOrderSchema.parse(response.json())).toMatchObject({
      _id: order._id,
      name: 'Ana Customer',
      email: ana.email,
      productName: 'Torque Wrench',
      orderedNum: 10,
      totalAmount: 25_000,
      currency: 'USD',
      status: 'unpaid',
      transactionId: null,
    });

    const paid = await t.app.services.orders.markPaid(order._id, 'txn_payment_page');
    expect(paid?.status).toBe('paid');
    expect(json(await asAna.get(`/payment/${order._id}`))).toMatchObject({
      status: 'paid',
      transactionId: 'txn_payment_page',
    });
  });

  it("refuses another customer's order (403), lets an admin see it, 404 for unknown", async () => {
    const tool = await t.addTool({ quantity: 100 });
    const order = await placeOrder(ana, tool.id, 10);
    expectProblem(await asBob.get(`/payment/${order._id}`), 403, 'forbidden');
    expect((await asAdmin.get(`/payment/${order._id}`)).statusCode).toBe(200);
    expectProblem(await asAna.get(`/payment/${UNKNOWN_ID}`), 404, 'not_found');
    expectProblem(await visitor.get(`/payment/${order._id}`), 401, 'unauthenticated');
  });
});
