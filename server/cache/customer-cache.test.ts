import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../contract/orders.ts';
import { orders } from '../db/schema.ts';
import { type InstancePair, instancePair, untilLive } from '../testing/change-feed.ts';
import { type Client, client, json } from '../testing/http.ts';
import type { TestContext, TestUser } from '../testing/test-app.ts';
import type { TestDatabase } from '../testing/test-database.ts';
import { within } from '../testing/within.ts';

/**
 * A customer's own order list is answered from memory (server/cache/customer-cache.ts) on two
 * instances sharing one database, and every change to their orders shows on both: on the instance
 * that made it at once, on the other within a second.
 */

let database: TestDatabase;
let first: TestContext;
let second: TestContext;
let admin: TestUser;
let toolId: string;

const listUrl = (buyer: TestUser, query = '') =>
  `/user?email=${encodeURIComponent(buyer.email)}${query}`;

async function listed(via: Client, buyer: TestUser, query = ''): Promise<Order[]> {
  const response = await via.get(listUrl(buyer, query));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(
    json<Order[]>(response).length,
  );
  return json<Order[]>(response);
}

async function place(via: Client, buyer: TestUser): Promise<Order> {
  const response = await via.post(listUrl(buyer), {
    toolId,
    orderedNum: 10,
    phone: '+1 555 010 2030',
    address: '42 Workshop Road, Springfield',
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<Order>(response);
}

const statusOf = (list: Order[], id: string) => list.find((order) => order._id === id)?.status;

/** Statements that read the orders table, counted on every connection while `run` runs. */
async function orderReadsDuring(run: () => Promise<void>): Promise<number> {
  let count = 0;
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
    if (text?.includes('from "orders"')) count += 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return count;
}

let instances: InstancePair;

beforeAll(async () => {
  instances = await instancePair();
  ({ database, first, second } = instances);
  admin = await first.signUp({ role: 'Admin' });
  toolId = (await first.addTool({ quantity: 100_000, minimumOrder: 10, price: 1000 })).id;
});
afterAll(() => instances.close());

describe("a customer's order list, kept in memory", () => {
  it('is read from the database once, then answered from memory, for each customer and page', async () => {
    const ana = await first.signUp();
    const bob = await first.signUp();
    for (const buyer of [ana, bob]) {
      await listed(client(second.app, buyer), buyer, '&limit=5');
      await place(client(first.app, buyer), buyer);
      // Shown there once the other instance heard of it: nothing more is on its way.
      await within(1_000, async () =>
        expect(await listed(client(second.app, buyer), buyer, '&limit=5')).toHaveLength(1),
      );
    }
    const reads = await orderReadsDuring(async () => {
      for (let i = 0; i < 3; i += 1) {
        for (const buyer of [ana, bob]) {
          expect(await listed(client(second.app, buyer), buyer, '&limit=5')).toHaveLength(1);
        }
      }
    });
    expect(reads).toBe(0);
    // Another page is another answer.
    const otherPage = await orderReadsDuring(async () => {
      await listed(client(second.app, ana), ana, '&limit=5&status=unpaid');
    });
    expect(otherPage).toBeGreaterThan(0);
  });

  it("shows a new order on both instances, and keeps other customers' answers", async () => {
    const ana = await first.signUp();
    const bob = await first.signUp();
    for (const t of [first, second]) {
      expect(await listed(client(t.app, ana), ana)).toEqual([]);
      await listed(client(t.app, bob), bob);
    }
    const order = await place(client(first.app, ana), ana);
    expect(statusOf(await listed(client(first.app, ana), ana), order._id)).toBe('unpaid');
    await within(1_000, async () =>
      expect(statusOf(await listed(client(second.app, ana), ana), order._id)).toBe('unpaid'),
    );
    // Bob's answer was not dropped for Ana's order.
    expect(
      await orderReadsDuring(async () => void (await listed(client(second.app, bob), bob))),
    ).toBe(0);
  });

  it("shows a customer's own cancel and payment at once where they made them, and on the other instance within a second", async () => {
    const ana = await first.signUp();
    const toCancel = await place(client(first.app, ana), ana);
    const toPay = await place(client(first.app, ana), ana);
    for (const t of [first, second]) await listed(client(t.app, ana), ana);

    expect((await client(first.app, ana).delete(`/user/${toCancel._id}`)).statusCode).toBe(200);
    expect(statusOf(await listed(client(first.app, ana), ana), toCancel._id)).toBe('cancelled');
    await within(1_000, async () =>
      expect(statusOf(await listed(client(second.app, ana), ana), toCancel._id)).toBe('cancelled'),
    );

    const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
    const paid = await client(second.app, ana).post(`/payment/${toPay._id}`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: `12/${nextYear}`,
      cvc: '123',
      nameOnCard: 'Ana Buyer',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(statusOf(await listed(client(second.app, ana), ana), toPay._id)).toBe('paid');
    await within(1_000, async () =>
      expect(statusOf(await listed(client(first.app, ana), ana), toPay._id)).toBe('paid'),
    );
  });

  it('forgets at once on the instance of every change, without waiting to hear it', async () => {
    const ana = await first.signUp();
    const asAna = client(first.app, ana);
    const asAdmin = client(first.app, admin);
    // Each order shows on the other instance only once it heard of it (its list was kept before):
    // then nothing more is on its way.
    await listed(client(second.app, ana), ana);
    const placed: Order[] = [];
    for (let i = 0; i < 3; i += 1) {
      placed.push(await place(asAna, ana));
      await within(1_000, async () =>
        expect((await listed(client(second.app, ana), ana)).length).toBe(placed.length),
      );
    }
    const [toCancel, toPay, toExpire] = placed as [Order, Order, Order];
    const shownOn = async (t: TestContext, id: string) =>
      (await listed(client(t.app, ana), ana)).find((order) => order._id === id);
    /** `change` shows at once on the first instance; the second, never told, still holds `before`. */
    const expectOnlyHere = async (
      change: () => Promise<unknown>,
      id: string,
      shows: (order: Order | undefined) => unknown,
    ) => {
      const before = shows(await shownOn(second, id));
      await shownOn(first, id);
      await change();
      expect(shows(await shownOn(first, id))).not.toEqual(before);
      expect(shows(await shownOn(second, id))).toEqual(before);
    };
    // Nobody is told (the triggers are off): what each instance answers is what it knows.
    const triggers = [
      'orders disable trigger orders_changed',
      'order_refunds disable trigger order_refunds_changed',
    ];
    for (const off of triggers) await database.pool.query(`alter table ${off}`);
    try {
      await expectOnlyHere(
        () => asAna.delete(`/user/${toCancel._id}`),
        toCancel._id,
        (o) => o?.status,
      );
      await expectOnlyHere(
        () =>
          asAna.post(`/payment/${toPay._id}`, {
            cardNumber: '4000 0000 0000 0002',
            expiry: '12/40',
            cvc: '123',
            nameOnCard: 'Ana Lima',
          }),
        toPay._id,
        (o) => o?.paymentFailure,
      );
      await expectOnlyHere(
        () => first.markPaid(toPay._id, 'txn_forget_at_once'),
        toPay._id,
        (o) => o?.status,
      );
      await expectOnlyHere(
        () => asAdmin.put(`/order/${toPay._id}`, { status: 'shipped', noTracking: true }),
        toPay._id,
        (o) => o?.status,
      );
      await expectOnlyHere(
        () =>
          asAdmin.post(`/orders/${toPay._id}/refunds`, { amount: 1000, note: 'One arrived bent.' }),
        toPay._id,
        (o) => o?.refundedAmount,
      );
      await database.db
        .update(orders)
        .set({ paymentDueAt: sql`now() - interval '1 second'` })
        .where(eq(orders.id, toExpire._id));
      await expectOnlyHere(
        () => first.app.services.orders.cancelOverdue(),
        toExpire._id,
        (o) => o?.status,
      );
    } finally {
      for (const off of triggers)
        await database.pool.query(`alter table ${off.replace('disable', 'enable')}`);
    }
  });

  it("shows an admin's shipment and refund on both instances within a second", async () => {
    const ana = await first.signUp();
    const order = await place(client(first.app, ana), ana);
    await first.markPaid(order._id, 'txn_cache_test');
    for (const t of [first, second]) {
      await within(1_000, async () =>
        expect(statusOf(await listed(client(t.app, ana), ana), order._id)).toBe('paid'),
      );
    }
    const asAdmin = client(first.app, admin);
    expect(
      (await asAdmin.put(`/order/${order._id}`, { status: 'shipped', noTracking: true }))
        .statusCode,
    ).toBe(200);
    const refunded = await asAdmin.post(`/orders/${order._id}/refunds`, {
      amount: 1000,
      note: 'One arrived bent.',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    for (const t of [first, second]) {
      await within(1_000, async () => {
        const shown = (await listed(client(t.app, ana), ana)).find((o) => o._id === order._id);
        expect(shown?.status).toBe('shipped');
        expect(shown?.refundedAmount).toBe(1000);
      });
    }
  });

  it('hears changes made outside the app: the payment window and SQL by hand', async () => {
    const ana = await first.signUp();
    const order = await place(client(first.app, ana), ana);
    for (const t of [first, second]) await listed(client(t.app, ana), ana);
    await database.db
      .update(orders)
      .set({ paymentDueAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, order._id));
    await first.app.services.orders.cancelOverdue();
    for (const t of [first, second]) {
      await within(1_000, async () =>
        expect(statusOf(await listed(client(t.app, ana), ana), order._id)).toBe('cancelled'),
      );
    }
    await database.db.update(orders).set({ note: 'Fixed by hand' }).where(eq(orders.id, order._id));
    for (const t of [first, second]) {
      await within(1_000, async () =>
        expect((await listed(client(t.app, ana), ana))[0]?.note).toBe('Fixed by hand'),
      );
    }
  });

  it("reads someone else's list afresh for an admin, and refuses it to anyone else", async () => {
    const ana = await first.signUp();
    const bob = await first.signUp();
    const order = await place(client(first.app, ana), ana);
    const asAdmin = client(second.app, admin);
    expect((await listed(asAdmin, ana)).map((o) => o._id)).toEqual([order._id]);
    expect((await client(second.app, bob).get(listUrl(ana))).statusCode).toBe(403);
    const reads = await orderReadsDuring(async () => void (await listed(asAdmin, ana)));
    expect(reads).toBeGreaterThan(0);
  });

  it('keeps nothing while changes cannot be heard', async () => {
    const ana = await first.signUp();
    const order = await place(client(first.app, ana), ana);
    await listed(client(second.app, ana), ana);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name like '%-listener'`,
    );
    await within(2_000, async () => expect(second.app.changes.isLive).toBe(false));
    // While deaf, a change is still seen: nothing is answered from memory.
    await database.db.execute(sql`alter table orders disable trigger orders_changed`);
    try {
      await database.db.update(orders).set({ note: 'Unannounced' }).where(eq(orders.id, order._id));
      expect((await listed(client(second.app, ana), ana))[0]?.note).toBe('Unannounced');
    } finally {
      await database.db.execute(sql`alter table orders enable trigger orders_changed`);
    }
    await untilLive(second);
  });
});
