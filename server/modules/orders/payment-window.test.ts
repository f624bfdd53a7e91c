import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tools } from '../../db/schema.ts';
import { addCompany } from '../../testing/companies.ts';
import { client } from '../../testing/http.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { delivery } from '../../testing/valid-requests.ts';

let database: TestDatabase;
let first: TestContext;
let second: TestContext;
const windowMs = 60 * 60 * 1000;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await buildTestApp({ paymentWindowMs: windowMs }, { database });
  second = await buildTestApp({ paymentWindowMs: windowMs }, { database });
});
afterAll(async () => {
  await first.close();
  await second.close();
  await database.drop();
});

describe('the payment window', () => {
  it('cancels old unpaid orders and returns their stock exactly once, with two instances running', async () => {
    const buyer = await first.signUp({ name: 'Wendy Window' });
    const tool = await first.addTool({ quantity: 500, minimumOrder: 10 });
    const place = async (units: number) => {
      const response = await client(first.app, buyer).post(
        `/user?email=${encodeURIComponent(buyer.email)}`,
        {
          toolId: tool.id,
          orderedNum: units,
          phone: '+1 555 010 2030',
          address: '7 Timer Street, Springfield',
        },
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json()._id as string;
    };
    const oldOnes = [await place(10), await place(20), await place(30)];
    const fresh = await place(40);
    const paidOld = await place(50);
    await first.markPaid(paidOld, 'txn_test_window');
    await database.db
      .update(orders)
      .set({ paymentDueAt: sql`now() - interval '1 hour'` })
      .where(inArray(orders.id, [...oldOnes, paidOld]));
    expect((await database.db.select().from(tools).where(eq(tools.id, tool.id)))[0]?.quantity).toBe(
      350,
    );

    const results = await Promise.all([
      first.app.services.orders.cancelOverdue(),
      second.app.services.orders.cancelOverdue(),
      first.app.services.orders.cancelOverdue(),
      second.app.services.orders.cancelOverdue(),
    ]);
    const cancelled = results.flat().map((order) => order._id);
    expect(cancelled.sort()).toEqual([...oldOnes].sort());

    const rows = await database.db.select().from(orders).where(eq(orders.toolId, tool.id));
    const status = Object.fromEntries(rows.map((row) => [row.id, row.status]));
    for (const id of oldOnes) expect(status[id]).toBe('cancelled');
    expect(status[fresh]).toBe('unpaid');
    expect(status[paidOld]).toBe('paid');
    expect(rows.find((row) => row.id === oldOnes[0])?.cancelReason).toBe('payment_window');
    // 10 + 20 + 30 units came back, once.
    expect((await database.db.select().from(tools).where(eq(tools.id, tool.id)))[0]?.quantity).toBe(
      410,
    );

    await first.app.mailer.drain();
    await second.app.mailer.drain();
    const notices = [...first.sentMail, ...second.sentMail].filter((m) =>
      m.subject.endsWith('was cancelled'),
    );
    expect(notices).toHaveLength(3);
    expect(notices.every((m) => m.to === buyer.email && m.text.includes('not paid in time'))).toBe(
      true,
    );

    // A second pass finds nothing more to do.
    expect(await second.app.services.orders.cancelOverdue()).toEqual([]);
  });
});

describe('approving an order starts the payment window', () => {
  // PAYMENT_WINDOW_HOURS takes up to 90 days and fractions of an hour.
  for (const hours of [24 * 90, 1.1]) {
    it(`of ${hours} hours, however long or short the setting`, async () => {
      const store = await buildTestApp({ paymentWindowMs: hours * 3_600_000 }, { database });
      try {
        const owner = await store.signUp({ name: 'Owen Owner' });
        const buyer = await store.signUp({ name: 'Bea Buyer' });
        await addCompany(store, owner, [{ user: buyer, role: 'buyer', orderLimit: 100 }]);
        const tool = await store.addTool({ price: 1_000, quantity: 100, minimumOrder: 1 });
        const placed = await client(store.app, buyer).post('/orders', {
          lines: [{ toolId: tool.id, quantity: 5 }],
          ...delivery,
        });
        expect(placed.json()).toMatchObject({ status: 'awaiting_approval' });
        const id = placed.json()._id as string;

        const approved = await client(store.app, owner).post(`/orders/${id}/approve`);
        expect(approved.statusCode, approved.body).toBe(200);
        expect(approved.json()).toMatchObject({ status: 'unpaid' });
        const due = new Date(approved.json().paymentDueAt).getTime();
        expect(Math.abs(due - (Date.now() + hours * 3_600_000))).toBeLessThan(60_000);
      } finally {
        await store.close();
      }
    });
  }
});
