import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tools } from '../../db/schema.ts';
import { client } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

let t: TestContext;
const windowMs = 24 * 3_600_000;
beforeAll(async () => {
  // The store's defaults.
  t = await buildTestApp({
    unpaidCaps: { orders: 5, stockSharePercent: 50 },
    paymentWindowMs: windowMs,
  });
});
afterAll(async () => {
  await t.close();
});

const place = (buyer: TestUser, toolId: string, orderedNum: number) =>
  client(t.app, buyer).post(`/user?email=${encodeURIComponent(buyer.email)}`, {
    toolId,
    orderedNum,
    ...delivery,
  });

const stockOf = async (id: string) =>
  (await t.db.select().from(tools).where(eq(tools.id, id)))[0]?.quantity;

describe('no one can hoard stock with unpaid orders', () => {
  it('one customer cannot take a tool\u2019s whole stock unpaid: at most half of it', async () => {
    const hoarder = await t.signUp();
    const tool = await t.addTool({ quantity: 2_100, minimumOrder: 10 });
    const all = await place(hoarder, tool.id, 2_100);
    expect(all.statusCode).toBe(409);
    expect(all.json()).toMatchObject({ code: 'unpaid_limit' });
    expect(all.json().detail).toContain('at most 1,050 units');
    expect(await stockOf(tool.id)).toBe(2_100);

    expect((await place(hoarder, tool.id, 1_000)).statusCode).toBe(201);
    const more = await place(hoarder, tool.id, 100);
    expect(more.statusCode).toBe(409);
    expect(more.json().detail).toContain('You already hold 1,000 units');
    expect((await place(hoarder, tool.id, 50)).statusCode).toBe(201);
    expect(await stockOf(tool.id)).toBe(1_050);

    // Paid orders hold nothing: once paid, the customer may order again.
    const [open] = await t.db.select().from(orders).where(eq(orders.userId, hoarder.id));
    await t.markPaid(open?.id ?? '', 'txn_caps_1');
    await t.markPaid(
      (
        await t.db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, hoarder.id), eq(orders.status, 'unpaid')))
      )[0]?.id ?? '',
      'txn_caps_2',
    );
    expect((await place(hoarder, tool.id, 500)).statusCode).toBe(201);
  });

  it('a small stock can always take one minimum order', async () => {
    const buyer = await t.signUp();
    const tool = await t.addTool({ quantity: 120, minimumOrder: 100 });
    expect((await place(buyer, tool.id, 100)).statusCode).toBe(201);
  });

  it('at most five open unpaid orders per customer; cancelling one makes room', async () => {
    const busy = await t.signUp();
    const tool = await t.addTool({ quantity: 10_000, minimumOrder: 1 });
    const placed: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await place(busy, tool.id, 1);
      expect(response.statusCode).toBe(201);
      placed.push(response.json()._id);
    }
    const sixth = await place(busy, tool.id, 1);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: 'unpaid_limit' });
    expect(sixth.json().detail).toContain('You have 5 unpaid orders');
    expect(await stockOf(tool.id)).toBe(9_995);

    expect((await client(t.app, busy).delete(`/user/${placed[0]}`)).statusCode).toBe(200);
    expect((await place(busy, tool.id, 1)).statusCode).toBe(201);
  });

  it('holds under a burst: 20 orders at once from one customer, five succeed', async () => {
    const burst = await t.signUp();
    const tool = await t.addTool({ quantity: 10_000, minimumOrder: 1 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => place(burst, tool.id, 1)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(await stockOf(tool.id)).toBe(9_995);
  });

  it('every order says when it must be paid: placed plus the payment window (24 hours)', async () => {
    const buyer = await t.signUp();
    const tool = await t.addTool({ quantity: 100, minimumOrder: 1 });
    const order = (await place(buyer, tool.id, 1)).json();
    expect(Date.parse(order.paymentDueAt) - Date.parse(order.createdAt)).toBeGreaterThan(
      windowMs - 5_000,
    );
    expect(Date.parse(order.paymentDueAt) - Date.parse(order.createdAt)).toBeLessThan(
      windowMs + 5_000,
    );
    const payment = await client(t.app, buyer).get(`/payment/${order._id}`);
    expect(payment.json().paymentDueAt).toBe(order.paymentDueAt);
    const listed = await client(t.app, buyer).get(`/user?email=${encodeURIComponent(buyer.email)}`);
    expect(listed.json()[0].paymentDueAt).toBe(order.paymentDueAt);
    // Stored as the database's own deadline, exactly what the API answers.
    const [row] = await t.db
      .select({ due: orders.paymentDueAt })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(row?.due.toISOString()).toBe(order.paymentDueAt);
  });
});
