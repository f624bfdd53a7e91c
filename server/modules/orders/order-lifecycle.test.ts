import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, OrderSchema } from '../../../contract/orders.ts';
import { PaymentOrderSchema } from '../../../contract/payments.ts';
import { orders } from '../../db/schema.ts';
import { client, expectFieldError, expectProblem, json, UNKNOWN_ID } from '../../testing/http.ts';
import { buildShopTestApp, type ShopTestApp } from '../../testing/shop-test-app.ts';
import type { TestUser } from '../../testing/test-app.ts';

/**
 * What follows a one-line order: the customer's list, cancelling (stock returned), the admins'
 * list, shipping a paid order, and the payment page.
 */

let shop: ShopTestApp;
beforeAll(async () => {
  shop = await buildShopTestApp();
});
afterAll(() => shop.close());

describe('GET /api/user?email= (my orders)', () => {
  let carol: TestUser;
  let placed: Order[];

  beforeAll(async () => {
    carol = await shop.t.signUp({ name: 'Carol' });
    const tool = await shop.t.addTool({ quantity: 1000 });
    placed = [];
    for (const units of [10, 20, 30]) placed.push(await shop.placeOrder(carol, tool.id, units));
    await shop.placeOrder(shop.bob, tool.id, 15);
  });

  it('lists only the own orders, newest first', async () => {
    const response = await client(shop.t.app, carol).get(`/user?email=${carol.email}`);
    expect(response.statusCode).toBe(200);
    const list = json<Order[]>(response);
    expect(list.map((order) => order._id)).toEqual(placed.map((order) => order._id).reverse());
    expect(list.map((order) => order.orderedNum)).toEqual([30, 20, 10]);
  });

  it("refuses another customer's email with 403", async () => {
    expectProblem(await shop.asAna.get(`/user?email=${carol.email}`), 403, 'forbidden');
  });

  it("lets an admin read anyone's orders", async () => {
    const response = await shop.asAdmin.get(`/user?email=${carol.email}`);
    expect(response.statusCode).toBe(200);
    expect(json<Order[]>(response).map((order) => order._id)).toEqual(
      placed.map((order) => order._id).reverse(),
    );
  });

  it('answers 401 to visitors', async () => {
    expectProblem(await shop.visitor.get(`/user?email=${carol.email}`), 401, 'unauthenticated');
  });
});

describe('DELETE /api/user/:id (cancel)', () => {
  it('cancels an unpaid order, keeps it in the history and returns its stock', async () => {
    const tool = await shop.t.addTool({ quantity: 100 });
    const order = await shop.placeOrder(shop.ana, tool.id, 40);
    expect(await shop.stockOf(tool.id)).toBe(60);

    const response = await shop.asAna.delete(`/user/${order._id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ deletedCount: 1 });
    expect(await shop.stockOf(tool.id)).toBe(100);

    const mine = json<Order[]>(await shop.asAna.get(`/user?email=${shop.ana.email}`));
    const kept = mine.find((item) => item._id === order._id);
    expect(kept).toMatchObject({ status: 'cancelled', orderedNum: 40 });
    expect(kept?.cancelledAt).not.toBeNull();
  });

  it('refuses to cancel twice (409 order_not_cancellable), returning the stock once', async () => {
    const tool = await shop.t.addTool({ quantity: 100 });
    const order = await shop.placeOrder(shop.ana, tool.id, 40);
    await shop.asAna.delete(`/user/${order._id}`);
    expectProblem(await shop.asAna.delete(`/user/${order._id}`), 409, 'order_not_cancellable');
    expect(await shop.stockOf(tool.id)).toBe(100);
  });

  it.each(['paid', 'shipped'] as const)(
    'refuses to cancel a %s order with 409, keeping the stock taken',
    async (status) => {
      const tool = await shop.t.addTool({ quantity: 100 });
      const order = await shop.placeOrder(shop.ana, tool.id, 40);
      await shop.pay(order._id);
      if (status === 'shipped')
        await shop.asAdmin.put(`/order/${order._id}`, { status: 'shipped', noTracking: true });

      expectProblem(await shop.asAna.delete(`/user/${order._id}`), 409, 'order_not_cancellable');
      expectProblem(await shop.asAdmin.delete(`/user/${order._id}`), 409, 'order_not_cancellable');
      expect((await shop.orderRow(order._id))?.status).toBe(status);
      expect(await shop.stockOf(tool.id)).toBe(60);
    },
  );

  it("refuses another customer's order with 403, changing nothing", async () => {
    const tool = await shop.t.addTool({ quantity: 100 });
    const order = await shop.placeOrder(shop.ana, tool.id, 40);
    expectProblem(await shop.asBob.delete(`/user/${order._id}`), 403, 'forbidden');
    expect((await shop.orderRow(order._id))?.status).toBe('unpaid');
    expect(await shop.stockOf(tool.id)).toBe(60);
  });

  it("lets an admin cancel a customer's order", async () => {
    const tool = await shop.t.addTool({ quantity: 100 });
    const order = await shop.placeOrder(shop.ana, tool.id, 40);
    expect(json(await shop.asAdmin.delete(`/user/${order._id}`))).toEqual({ deletedCount: 1 });
    expect((await shop.orderRow(order._id))?.status).toBe('cancelled');
    expect(await shop.stockOf(tool.id)).toBe(100);
  });

  it('answers 404 for an unknown order, 400 for a malformed id and 401 to visitors', async () => {
    expectProblem(await shop.asAna.delete(`/user/${UNKNOWN_ID}`), 404, 'not_found');
    expectFieldError(await shop.asAna.delete('/user/123'), 'id', 'params');
    expectProblem(await shop.visitor.delete(`/user/${UNKNOWN_ID}`), 401, 'unauthenticated');
  });

  it('returns the stock to a tool that was deleted meanwhile', async () => {
    const tool = await shop.t.addTool({ quantity: 100 });
    const order = await shop.placeOrder(shop.ana, tool.id, 40);
    await shop.asAdmin.delete(`/product/${tool.id}`);
    expect(json(await shop.asAna.delete(`/user/${order._id}`))).toEqual({ deletedCount: 1 });
    expect(await shop.stockOf(tool.id)).toBe(100);
  });
});

describe('GET /api/orderlist', () => {
  it('lists every customer’s orders, newest first, to admins only', async () => {
    const tool = await shop.t.addTool({ quantity: 1000 });
    const first = await shop.placeOrder(shop.ana, tool.id, 10);
    const second = await shop.placeOrder(shop.bob, tool.id, 10);

    const response = await shop.asAdmin.get('/orderlist');
    expect(response.statusCode).toBe(200);
    const list = json<Order[]>(response);
    const ids = list.map((order) => order._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(ids.indexOf(first._id)).toBeGreaterThanOrEqual(0);
    const times = list.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list).toHaveLength((await shop.t.db.select().from(orders)).length);

    expectProblem(await shop.asAna.get('/orderlist'), 403, 'forbidden');
    expectProblem(await shop.visitor.get('/orderlist'), 401, 'unauthenticated');
  });
});

describe('PUT /api/order/:id (ship)', () => {
  it('ships a paid order once; unpaid, cancelled and shipped orders are refused with 409', async () => {
    const tool = await shop.t.addTool({ quantity: 1000 });
    const order = await shop.placeOrder(shop.ana, tool.id, 10);

    expectProblem(
      await shop.asAdmin.put(`/order/${order._id}`, { status: 'shipped', noTracking: true }),
      409,
      'order_not_shippable',
    );
    expect((await shop.orderRow(order._id))?.status).toBe('unpaid');

    await shop.pay(order._id);
    const response = await shop.asAdmin.put(`/order/${order._id}`, {
      status: 'shipped',
      noTracking: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const shipped = OrderSchema.parse(response.json());
    expect(shipped).toMatchObject({ _id: order._id, status: 'shipped' });
    expect(shipped.shippedAt).not.toBeNull();
    expect((await shop.orderRow(order._id))?.status).toBe('shipped');

    expectProblem(
      await shop.asAdmin.put(`/order/${order._id}`, { status: 'shipped', noTracking: true }),
      409,
      'order_not_shippable',
    );

    const cancelled = await shop.placeOrder(shop.ana, tool.id, 10);
    await shop.asAna.delete(`/user/${cancelled._id}`);
    expectProblem(
      await shop.asAdmin.put(`/order/${cancelled._id}`, { status: 'shipped', noTracking: true }),
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
    const tool = await shop.t.addTool({ quantity: 1000 });
    const order = await shop.placeOrder(shop.ana, tool.id, 10);
    await shop.pay(order._id);
    expectFieldError(await shop.asAdmin.put(`/order/${order._id}`, body), field);
    expect((await shop.orderRow(order._id))?.status).toBe('paid');
  });

  it('is for admins only and answers 404 for an unknown order', async () => {
    const tool = await shop.t.addTool({ quantity: 1000 });
    const order = await shop.placeOrder(shop.ana, tool.id, 10);
    await shop.pay(order._id);
    expectProblem(
      await shop.asAna.put(`/order/${order._id}`, { status: 'shipped', noTracking: true }),
      403,
      'forbidden',
    );
    expectProblem(
      await shop.visitor.put(`/order/${order._id}`, { status: 'shipped', noTracking: true }),
      401,
      'unauthenticated',
    );
    expect((await shop.orderRow(order._id))?.status).toBe('paid');
    expectProblem(
      await shop.asAdmin.put(`/order/${UNKNOWN_ID}`, { status: 'shipped', noTracking: true }),
      404,
      'not_found',
    );
  });
});

describe('GET /api/payment/:id', () => {
  it('shows the owner what to pay, and the transaction id once paid', async () => {
    const tool = await shop.t.addTool({ name: 'Torque Wrench', price: 2500, quantity: 100 });
    const order = await shop.placeOrder(shop.ana, tool.id, 10);

    const response = await shop.asAna.get(`/payment/${order._id}`);
    expect(response.statusCode).toBe(200);
    expect(PaymentOrderSchema.parse(response.json())).toMatchObject({
      _id: order._id,
      name: 'Ana Customer',
      email: shop.ana.email,
      productName: 'Torque Wrench',
      orderedNum: 10,
      totalAmount: 25_000,
      currency: 'USD',
      status: 'unpaid',
      transactionId: null,
    });

    const paid = await shop.t.markPaid(order._id, 'txn_payment_page');
    expect(paid?.status).toBe('paid');
    expect(json(await shop.asAna.get(`/payment/${order._id}`))).toMatchObject({
      status: 'paid',
      transactionId: 'txn_payment_page',
    });
  });

  it("refuses another customer's order (403), lets an admin see it, 404 for unknown", async () => {
    const tool = await shop.t.addTool({ quantity: 100 });
    const order = await shop.placeOrder(shop.ana, tool.id, 10);
    expectProblem(await shop.asBob.get(`/payment/${order._id}`), 403, 'forbidden');
    expect((await shop.asAdmin.get(`/payment/${order._id}`)).statusCode).toBe(200);
    expectProblem(await shop.asAna.get(`/payment/${UNKNOWN_ID}`), 404, 'not_found');
    expectProblem(await shop.visitor.get(`/payment/${order._id}`), 401, 'unauthenticated');
  });
});
