import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { companies, companyMembers, orders, tools } from '../../db/schema.ts';
import { asSessionUser } from '../../testing/session-user.ts';
import { buildTestApp, type TestAccount, type TestContext } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

/**
 * Limits and approvals under races (decision 052): placements of one company's buyers queue on
 * the company's row, so racing orders never pass a limit together; an approval racing the buyer's
 * cancel and the payment window ends each order exactly once, and the stock stays exact.
 */

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function company(budget: number | null) {
  const [row] = await t.db
    .insert(companies)
    .values({ name: `Race Co ${Math.random()}`, monthlyLimit: budget })
    .returning();
  if (!row) throw new Error('no company');
  return row.id;
}

async function members(companyId: string, role: 'buyer' | 'approver', count: number) {
  const people: TestAccount[] = [];
  for (let i = 0; i < count; i += 1) people.push(await t.addAccount({ name: `${role} ${i}` }));
  await t.db
    .insert(companyMembers)
    .values(people.map((person) => ({ userId: person.id, companyId, role, orderLimit: null })));
  return people;
}

const place = (buyer: TestAccount, toolId: string, quantity: number) =>
  t.app.services.orders.placeLines(asSessionUser(buyer), {
    lines: [{ toolId, quantity }],
    ...delivery,
  });

const stockOf = async (id: string) =>
  (await t.db.select({ quantity: tools.quantity }).from(tools).where(eq(tools.id, id)))[0]
    ?.quantity;

describe('racing orders against one monthly budget', () => {
  it('30 buyers ordering at once: the orders placed within it never pass it together', async () => {
    const companyId = await company(50_000);
    const buyers = await members(companyId, 'buyer', 30);
    const tool = await t.addTool({ price: 1_000, quantity: 10_000, minimumOrder: 1 });

    // Each order is 3,000: 16 of them fit 50,000; every later one passes it, awaiting counted.
    const placed = await Promise.all(buyers.map((buyer) => place(buyer, tool.id, 3)));

    const within = placed.filter((order) => order.status === 'unpaid');
    const waiting = placed.filter((order) => order.status === 'awaiting_approval');
    expect(within).toHaveLength(16);
    expect(waiting).toHaveLength(14);
    expect(within.reduce((sum, order) => sum + order.totalAmount, 0)).toBeLessThanOrEqual(50_000);
    for (const order of waiting) expect(order.approval?.reason).toBe('company_budget');
    // Every order holds its stock, waiting or not.
    expect(await stockOf(tool.id)).toBe(10_000 - 30 * 3);
  });

  it('one buyer’s racing orders against their own monthly limit: the same', async () => {
    const companyId = await company(null);
    const [buyer] = await members(companyId, 'buyer', 1);
    if (!buyer) throw new Error('no buyer');
    await t.db
      .update(companyMembers)
      .set({ monthlyLimit: 10_000 })
      .where(eq(companyMembers.userId, buyer.id));
    const tool = await t.addTool({ price: 1_000, quantity: 10_000, minimumOrder: 1 });
    const placed = await Promise.all(Array.from({ length: 8 }, () => place(buyer, tool.id, 2)));
    expect(placed.filter((order) => order.status === 'unpaid')).toHaveLength(5);
    expect(placed.filter((order) => order.approval?.reason === 'monthly_limit')).toHaveLength(3);
  });
});

/** Commits `change` (SQL) under the company's lock while `placing` waits for that lock. */
async function whilePlacementWaits<T>(
  companyId: string,
  change: string,
  values: unknown[],
  placing: () => Promise<T>,
): Promise<T> {
  const owner = await t.database.pool.connect();
  let started: Promise<T> | undefined;
  try {
    await owner.query('begin');
    await owner.query('select 1 from companies where id = $1 for update', [companyId]);
    await owner.query(change, values);
    started = placing();
    started.catch(() => undefined);
    await expect
      .poll(async () => {
        const waiting = await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        return waiting.rows[0]?.n ?? 0;
      })
      .toBeGreaterThan(0);
    await owner.query('commit');
  } finally {
    owner.release();
  }
  return started;
}

describe('the month’s spend against a limit', () => {
  it('counts the store’s currency only', async () => {
    const companyId = await company(null);
    const [buyer] = await members(companyId, 'buyer', 1);
    if (!buyer) throw new Error('no buyer');
    await t.db
      .update(companyMembers)
      .set({ monthlyLimit: 10_000 })
      .where(eq(companyMembers.userId, buyer.id));
    const tool = await t.addTool({ price: 1_000, quantity: 100, minimumOrder: 1 });
    const earlier = await place(buyer, tool.id, 8);
    // Placed when the store sold in another currency: 80.00 of it is not 80.00 of this one.
    await t.db.update(orders).set({ currency: 'XTS' }).where(eq(orders.id, earlier._id));
    const order = await place(buyer, tool.id, 3);
    expect(order.status).toBe('unpaid');
  });
});

describe('a change to the buyer committed while their order waits for the company', () => {
  it('a lower limit counts: the order waits for approval', async () => {
    const companyId = await company(null);
    const [buyer] = await members(companyId, 'buyer', 1);
    if (!buyer) throw new Error('no buyer');
    const tool = await t.addTool({ price: 1_000, quantity: 100, minimumOrder: 1 });
    const order = await whilePlacementWaits(
      companyId,
      'update company_members set order_limit = 500 where user_id = $1',
      [buyer.id],
      () => place(buyer, tool.id, 1),
    );
    expect(order.status).toBe('awaiting_approval');
    expect(order.approval?.reason).toBe('order_limit');
  });

  it('a removal counts: the order is their own, not the company’s', async () => {
    const companyId = await company(0);
    const [buyer] = await members(companyId, 'buyer', 1);
    if (!buyer) throw new Error('no buyer');
    const tool = await t.addTool({ price: 1_000, quantity: 100, minimumOrder: 1 });
    const order = await whilePlacementWaits(
      companyId,
      'delete from company_members where user_id = $1',
      [buyer.id],
      () => place(buyer, tool.id, 1),
    );
    expect(order.companyId).toBeNull();
    expect(order.status).toBe('unpaid');
  });
});

describe('approvals racing cancels and the payment window', () => {
  it('each waiting order ends exactly once, and the stock is exact', async () => {
    const companyId = await company(0);
    const buyers = await members(companyId, 'buyer', 12);
    const [approver] = await members(companyId, 'approver', 1);
    if (!approver) throw new Error('no approver');
    const tool = await t.addTool({ price: 100, quantity: 5_000, minimumOrder: 1 });
    const waiting: Order[] = [];
    for (const [index, buyer] of buyers.entries()) {
      waiting.push(await place(buyer, tool.id, index + 1));
    }
    expect(waiting.every((order) => order.status === 'awaiting_approval')).toBe(true);
    // Every order's window has run out: the job, the approver and the buyer all race for it.
    await t.db
      .update(orders)
      .set({ paymentDueAt: sql`now() - interval '1 second'` })
      .where(
        inArray(
          orders.id,
          waiting.map((order) => order._id),
        ),
      );
    const outcomes = await Promise.allSettled([
      ...waiting.map((order) => t.app.services.orders.approve(asSessionUser(approver), order._id)),
      ...waiting.map((order, index) =>
        t.app.services.orders.cancel(asSessionUser(buyers[index] as TestAccount), order._id),
      ),
      t.app.services.orders.cancelOverdue(),
      t.app.services.orders.cancelOverdue(),
    ]);
    // Refusals are the 409s of an order already decided, never anything else.
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        expect((outcome.reason as { status?: number }).status).toBe(409);
      }
    }
    const rows = await t.db
      .select({ status: orders.status, total: orders.orderedNum })
      .from(orders)
      .where(
        inArray(
          orders.id,
          waiting.map((order) => order._id),
        ),
      );
    expect(rows).toHaveLength(12);
    for (const row of rows) expect(['unpaid', 'cancelled']).toContain(row.status);
    const held = rows
      .filter((row) => row.status === 'unpaid')
      .reduce((sum, row) => sum + row.total, 0);
    expect(await stockOf(tool.id)).toBe(5_000 - held);
  });
});
