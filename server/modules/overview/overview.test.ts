import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { type Overview, OverviewSchema } from '../../../contract/overview.ts';
import { orders, tools } from '../../db/schema.ts';
import { client, expectProblem, json } from '../../testing/http.ts';
import { addTerms } from '../../testing/terms-fixtures.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';
import { overviewWindow } from './overview.service.ts';

/**
 * GET /api/overview on a small known store: what was paid on which UTC day, every order by
 * status, the tools that brought the most, and the tools running out.
 */

const DAY_MS = 86_400_000;
let t: TestContext;
let admin: TestUser;
let buyer: TestUser;
let hammer: { id: string };
let drill: { id: string };
let oldSaw: { id: string };
/** Today and two days ago, UTC, as `YYYY-MM-DD`. */
let today: string;
let twoDaysAgo: string;

/** Sets when an order was paid (the day it counts for). */
async function paidAt(order: Order, at: Date) {
  await t.db.update(orders).set({ paidAt: at }).where(eq(orders.id, order._id));
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin' });
  buyer = await t.signUp({ name: 'Olga Overview' });
  hammer = await t.addTool({ name: 'Claw Hammer', quantity: 1000, minimumOrder: 1, price: 100 });
  drill = await t.addTool({ name: 'Hammer Drill', quantity: 1000, minimumOrder: 1, price: 300 });
  oldSaw = await t.addTool({ name: 'Old Saw', quantity: 1000, minimumOrder: 1, price: 5000 });
  const place = async (lines: { toolId: string; quantity: number }[]) =>
    json<Order>(await client(t.app, buyer).post('/orders', { lines, ...delivery }));
  const pay = async (order: Order, at: Date) => {
    await t.markPaid(order._id, `txn_overview_${order._id}`);
    await paidAt(order, at);
  };

  const now = Date.now();
  today = new Date(now).toISOString().slice(0, 10);
  const dayBefore = (days: number, time: string) =>
    new Date(`${new Date(now - days * DAY_MS).toISOString().slice(0, 10)}T${time}Z`);
  twoDaysAgo = dayBefore(2, '00:00:00').toISOString().slice(0, 10);

  // Two orders paid two days ago (early and late in that UTC day): 500 + 500.
  await pay(await place([{ toolId: hammer.id, quantity: 5 }]), dayBefore(2, '00:00:01'));
  await pay(
    await place([
      { toolId: hammer.id, quantity: 2 },
      { toolId: drill.id, quantity: 1 },
    ]),
    dayBefore(2, '23:59:59'),
  );
  // One paid today and shipped since: 900.
  const shipped = await place([{ toolId: drill.id, quantity: 3 }]);
  await pay(shipped, new Date(now - 1000));
  await client(t.app, admin).put(`/order/${shipped._id}`, { status: 'shipped', noTracking: true });
  // Paid 40 days ago: outside the window, in revenue and in top tools.
  await pay(await place([{ toolId: oldSaw.id, quantity: 4 }]), dayBefore(40, '12:00:00'));
  // Cancelled (never paid), and one still unpaid: neither is revenue.
  const cancelled = await place([{ toolId: oldSaw.id, quantity: 50 }]);
  await client(t.app, buyer).delete(`/user/${cancelled._id}`);
  await place([{ toolId: oldSaw.id, quantity: 60 }]);

  // Stock: out (0), below the threshold (5), below its minimum order (50 of 100), a deleted one
  // (3, left out), and one exactly at both limits (10 of 10: not low).
  await t.addTool({ name: 'Empty Level', quantity: 0, minimumOrder: 1 });
  await t.addTool({ name: 'Few Clamps', quantity: 5, minimumOrder: 1 });
  await t.addTool({ name: 'Bulk Gloves', quantity: 50, minimumOrder: 100 });
  await t.addTool({ name: 'Gone Tape', quantity: 3, minimumOrder: 1, deletedAt: new Date() });
  await t.addTool({ name: 'Just Enough Knife', quantity: 10, minimumOrder: 10 });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/overview', () => {
  it('adds up the paid orders of each UTC day of the last 30, every day present', async () => {
    const response = await client(t.app, admin).get('/overview');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const overview = OverviewSchema.parse(response.json());
    expect(overview.currency).toBe('USD');
    const { revenue } = overview;
    expect(revenue.days).toHaveLength(30);
    expect(revenue.to).toBe(today);
    expect(revenue.days.at(-1)?.day).toBe(today);
    expect(revenue.days[0]?.day).toBe(revenue.from);
    expect(Date.parse(revenue.to) - Date.parse(revenue.from)).toBe(29 * DAY_MS);
    const byDay = new Map(revenue.days.map((day) => [day.day, day]));
    expect(byDay.get(twoDaysAgo)).toEqual({ day: twoDaysAgo, amount: 1000, orders: 2 });
    expect(byDay.get(today)).toEqual({ day: today, amount: 900, orders: 1 });
    const others = revenue.days.filter((day) => day.day !== today && day.day !== twoDaysAgo);
    expect(others).toHaveLength(28);
    for (const day of others) expect(day).toMatchObject({ amount: 0, orders: 0 });
    expect(revenue.total).toBe(1900);
    expect(revenue.orders).toBe(3);
  });

  it('counts every order by its status, ranks the tools by revenue and lists the low stock', async () => {
    const overview = json<Overview>(await client(t.app, admin).get('/overview'));
    expect(overview.ordersByStatus).toEqual([
      { status: 'awaiting_approval', count: 0 },
      { status: 'unpaid', count: 1 },
      { status: 'on_account', count: 0 },
      { status: 'paid', count: 3 },
      { status: 'shipped', count: 1 },
      { status: 'cancelled', count: 1 },
      { status: 'rejected', count: 0 },
    ]);
    // The drill brought 1,200 in 4 units, the hammer 700 in 7; the saw sold before the window.
    expect(overview.topTools).toEqual([
      { toolId: drill.id, name: 'Hammer Drill', units: 4, revenue: 1200, orders: 2 },
      { toolId: hammer.id, name: 'Claw Hammer', units: 7, revenue: 700, orders: 2 },
    ]);
    expect(overview.lowStock.threshold).toBe(10);
    expect(overview.lowStock.total).toBe(3);
    expect(
      overview.lowStock.tools.map((tool) => [tool.name, tool.quantity, tool.minimumOrder]),
    ).toEqual([
      ['Empty Level', 0, 1],
      ['Few Clamps', 5, 1],
      ['Bulk Gloves', 50, 100],
    ]);
  });

  it('names at most 10 low-stock tools, the lowest first, with the count of all', async () => {
    const many = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.addTool({ name: `Short Tool ${i}`, quantity: 1 + (i % 4), minimumOrder: 1 }),
      ),
    );
    try {
      const { lowStock } = json<Overview>(await client(t.app, admin).get('/overview'));
      expect(lowStock.total).toBe(15);
      expect(lowStock.tools).toHaveLength(10);
      const quantities = lowStock.tools.map((tool) => tool.quantity);
      expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
      expect(quantities[0]).toBe(0);
    } finally {
      await t.db.delete(tools).where(
        inArray(
          tools.id,
          many.map((tool) => tool.id),
        ),
      );
    }
  });

  it('is for admins only', async () => {
    expectProblem(await client(t.app, buyer).get('/overview'), 403, 'forbidden');
    expectProblem(await client(t.app).get('/overview'), 401, 'unauthenticated');
  });
});

describe('overviewWindow', () => {
  it('is the 30 UTC days ending on the day of the moment, whatever its time', () => {
    expect(overviewWindow(new Date('2026-03-01T00:00:00Z'))).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
    expect(overviewWindow(new Date('2026-03-01T23:59:59.999Z'))).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
  });
});

describe('GET /api/overview with orders on account', () => {
  it('counts an order on account on the day it was invoiced, unpaid yet, and never once cancelled', async () => {
    const read = async () =>
      OverviewSchema.parse((await client(t.app, admin).get('/overview')).json());
    const hammerUnits = (overview: Overview) =>
      overview.topTools.find((tool) => tool.toolId === hammer.id)?.units ?? 0;
    const before = await read();
    const trader = await t.signUp({ name: 'Otto Onaccount' });
    await addTerms(t, trader.id);
    const onAccount = (quantity: number) =>
      client(t.app, trader).post('/orders', {
        lines: [{ toolId: hammer.id, quantity }],
        ...delivery,
        paymentMethod: 'account',
      });
    expect((await onAccount(7)).statusCode).toBe(201);
    const cancelled = json<Order>(await onAccount(2));
    await client(t.app, trader).delete(`/user/${cancelled._id}`);

    const after = await read();
    expect(after.revenue.total).toBe(before.revenue.total + 700);
    expect(after.revenue.orders).toBe(before.revenue.orders + 1);
    expect(after.revenue.days.at(-1)?.amount).toBe((before.revenue.days.at(-1)?.amount ?? 0) + 700);
    expect(hammerUnits(after)).toBe(hammerUnits(before) + 7);
  });
});
