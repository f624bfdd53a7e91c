import { randomUUID } from 'node:crypto';
import { eq, inArray, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSchema } from '../../../contract/orders.ts';
import { ProblemSchema } from '../../../contract/problem.ts';
import type { Tx } from '../../db/client.ts';
import { orderLines, orders, tools } from '../../db/schema.ts';
import { deferred } from '../../testing/deferred.ts';
import { client } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';
import { recordAudit } from '../audit/index.ts';
import { contextStatement } from './placement.repo.ts';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function stockOf(toolId: string) {
  const [row] = await t.db.select().from(tools).where(eq(tools.id, toolId));
  return row?.quantity;
}

describe('concurrent orders', () => {
  it('50 buyers racing for stock that covers 10 of them: exactly 10 win, nothing oversold', async () => {
    // Sign-ups in small batches: the race under test is the ordering, not the account creation.
    const buyers: TestUser[] = [];
    for (let batch = 0; batch < 5; batch += 1) {
      buyers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) => t.signUp({ name: `Buyer ${batch * 10 + i}` })),
        )),
      );
    }
    const tool = await t.addTool({ quantity: 100, minimumOrder: 10, price: 700 });

    const responses = await Promise.all(
      buyers.map((buyer) =>
        client(t.app, buyer).post(`/user?email=${encodeURIComponent(buyer.email)}`, {
          toolId: tool.id,
          orderedNum: 10,
          ...delivery,
        }),
      ),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(refused).toHaveLength(40);
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(ProblemSchema.parse(response.json()).code).toBe('out_of_stock');
    }

    // Each winner got their own order, for their own account.
    const winners = responses.filter((response) => response.statusCode === 201);
    const placed = winners.map((response) => OrderSchema.parse(response.json()));
    expect(new Set(placed.map((order) => order.email)).size).toBe(10);

    expect(await stockOf(tool.id)).toBe(0);
    const rows = await t.db.select().from(orders).where(eq(orders.toolId, tool.id));
    expect(rows).toHaveLength(10);
    const [total] = await t.db
      .select({ units: sum(orders.orderedNum).mapWith(Number) })
      .from(orders)
      .where(eq(orders.toolId, tool.id));
    expect(total?.units).toBe(100);
  });

  it('two requests cancelling the same order: one succeeds, the stock returns once', async () => {
    const buyer = await t.signUp();
    const tool = await t.addTool({ quantity: 100, minimumOrder: 10 });
    const asBuyer = client(t.app, buyer);
    const placed = await asBuyer.post(`/user?email=${encodeURIComponent(buyer.email)}`, {
      toolId: tool.id,
      orderedNum: 30,
      ...delivery,
    });
    const order = OrderSchema.parse(placed.json());
    expect(await stockOf(tool.id)).toBe(70);

    const responses = await Promise.all([
      asBuyer.delete(`/user/${order._id}`),
      asBuyer.delete(`/user/${order._id}`),
    ]);

    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(ProblemSchema.parse(refused?.json()).code).toBe('order_not_cancellable');
    expect(await stockOf(tool.id)).toBe(100);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.status).toBe('cancelled');
  });

  it('a cancel racing a payment: exactly one of them wins', async () => {
    const buyer = await t.signUp();
    const tool = await t.addTool({ quantity: 100, minimumOrder: 10 });
    const asBuyer = client(t.app, buyer);
    const placed = await asBuyer.post(`/user?email=${encodeURIComponent(buyer.email)}`, {
      toolId: tool.id,
      orderedNum: 30,
      ...delivery,
    });
    const order = OrderSchema.parse(placed.json());

    const [cancel, paid] = await Promise.all([
      asBuyer.delete(`/user/${order._id}`),
      t.markPaid(order._id, 'txn_race'),
    ]);

    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    if (cancel.statusCode === 200) {
      expect(paid).toBeUndefined();
      expect(row?.status).toBe('cancelled');
      expect(await stockOf(tool.id)).toBe(100);
    } else {
      expect(cancel.statusCode).toBe(409);
      expect(paid?.status).toBe('paid');
      expect(row?.status).toBe('paid');
      expect(await stockOf(tool.id)).toBe(70);
    }
  });
});

describe('orders over the same tools at once', () => {
  it('never deadlock and never oversell: 40 buyers, random carts of 1 to 4 lines over 5 tools', async () => {
    const buyers: TestUser[] = [];
    for (let batch = 0; batch < 4; batch += 1) {
      buyers.push(...(await Promise.all(Array.from({ length: 10 }, () => t.signUp()))));
    }
    const pool = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.addTool({ name: `Race Tool ${i}`, quantity: 60, minimumOrder: 1, price: 100 + i }),
      ),
    );
    const ids = pool.map((tool) => tool.id);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % n;
    };
    const carts = buyers.map(() => {
      const picked = [...ids].sort(() => random(3) - 1).slice(0, 1 + random(4));
      return picked.map((toolId) => ({ toolId, quantity: 1 + random(8) }));
    });
    const responses = await Promise.all(
      buyers.map((who, i) => client(t.app, who).post('/orders', { lines: carts[i], ...delivery })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);

    // Stock left plus units ordered is the stock there was, for every tool.
    const ordered = await t.db
      .select({ toolId: orderLines.toolId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(inArray(orderLines.toolId, ids));
    for (const id of ids) {
      const units = ordered
        .filter((line) => line.toolId === id)
        .reduce((s, l) => s + l.quantity, 0);
      const left = await stockOf(id);
      expect((left ?? 0) + units, id).toBe(60);
      expect(left).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the locks a placement holds', () => {
  /**
   * Runs `hold` in a transaction kept open while `meanwhile` runs on another connection with a
   * lock wait of one second: answers whether `meanwhile` got through, or had to wait for `hold`.
   */
  async function getsThroughWhileHeld(
    hold: (tx: Tx) => Promise<unknown>,
    meanwhile: (tx: Tx) => Promise<unknown>,
  ): Promise<boolean> {
    const released = deferred();
    const isHeld = deferred();
    const holding = t.db.transaction(async (tx) => {
      await hold(tx);
      isHeld.resolve();
      await released.promise;
    });
    await isHeld.promise;
    try {
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '1s'`);
        await meanwhile(tx);
      });
      return true;
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code === '55P03') return false;
      throw error;
    } finally {
      released.resolve();
      await holding;
    }
  }

  it('the customer and the tools are locked for placing, yet an entry that only names the customer (the audit log) need not wait', async () => {
    const customer = await t.signUp();
    const other = await t.signUp();
    const tool = await t.addTool({ quantity: 10, minimumOrder: 1, price: 500 });
    // Another placement by the same customer, or of the same tool, waits: that is the point.
    expect(
      await getsThroughWhileHeld(
        (tx) => tx.execute(sql.raw(contextStatement(customer.id, undefined, []))),
        (tx) => tx.execute(sql.raw(contextStatement(customer.id, undefined, []))),
      ),
    ).toBe(false);
    expect(
      await getsThroughWhileHeld(
        (tx) => tx.execute(sql.raw(contextStatement(customer.id, undefined, [tool.id]))),
        (tx) => tx.execute(sql.raw(contextStatement(other.id, undefined, [tool.id]))),
      ),
    ).toBe(false);
    // A cancel of the customer's earlier order writes an audit entry naming them while it holds a
    // tool the placement waits for: were it to wait for the customer's lock, both would wait on
    // each other (a deadlock, seen under load).
    expect(
      await getsThroughWhileHeld(
        (tx) => tx.execute(sql.raw(contextStatement(customer.id, undefined, []))),
        (tx) =>
          recordAudit(
            tx,
            { id: customer.id, name: customer.name, email: customer.email },
            {
              action: 'order.cancelled',
              target: { type: 'order', id: randomUUID(), label: 'TY-1' },
            },
          ),
      ),
    ).toBe(true);
  });
});
