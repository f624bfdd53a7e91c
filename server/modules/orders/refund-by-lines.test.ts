import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { orderRefundLines, payments, tools } from '../../db/schema.ts';
import { client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/**
 * Refunds by lines (POST /api/orders/{id}/refunds with `lines`): the server prices them at the
 * unit prices paid, never refunds more units of a line than were bought (racing refunds
 * included), and puts returned units back into stock when the admin says so and the refund
 * succeeds.
 */

let t: TestContext;
let admin: TestUser;
let buyer: TestUser;
let saw: { id: string };
let drill: { id: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Rita Refund' });
  buyer = await t.signUp({ name: 'Bea Buyer' });
  saw = await t.addTool({ quantity: 100, minimumOrder: 1, price: 2500 });
  drill = await t.addTool({ quantity: 100, minimumOrder: 1, price: 12_000 });
});
afterAll(() => t.close());

/** 4 saws at 25.00 and 2 drills at 120.00 (340.00), paid with the test card. */
async function paidByCard(): Promise<Order> {
  const placed = json<Order>(
    await client(t.app, buyer).post('/orders', {
      lines: [
        { toolId: saw.id, quantity: 4 },
        { toolId: drill.id, quantity: 2 },
      ],
      phone: '+1 555 010 2030',
      address: '3 Refund Row, Springfield',
    }),
  );
  const paid = await client(t.app, buyer).post(`/payment/${placed._id}`, {
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
    nameOnCard: 'Bea Buyer',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return placed;
}

const refund = (id: string, body: unknown) =>
  client(t.app, admin).post(`/orders/${id}/refunds`, body);
const stockOf = async (toolId: string) =>
  (await t.db.select({ quantity: tools.quantity }).from(tools).where(eq(tools.id, toolId)))[0]
    ?.quantity;

describe('refunds by lines', () => {
  it('prices the lines at what was paid, shows them on the refund, and returns their units to stock', async () => {
    const paid = await paidByCard();
    const [sawsBefore, drillsBefore] = [await stockOf(saw.id), await stockOf(drill.id)];
    const response = await refund(paid._id, {
      lines: [
        { toolId: saw.id, quantity: 1 },
        { toolId: drill.id, quantity: 2 },
      ],
      returnToStock: true,
      note: 'Returned unopened.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = json<Order>(response);
    expect(body.refundedAmount).toBe(2500 + 24_000);
    expect(body.refunds).toMatchObject([
      {
        amount: 26_500,
        status: 'succeeded',
        provider: 'test',
        returnToStock: true,
        lines: [
          { toolId: saw.id, quantity: 1, amount: 2500, sku: expect.any(String) },
          { toolId: drill.id, quantity: 2, amount: 24_000 },
        ],
        creditNote: { number: expect.stringMatching(/^CN-\d{6}$/) },
      },
    ]);
    expect(await stockOf(saw.id)).toBe((sawsBefore ?? 0) + 1);
    expect(await stockOf(drill.id)).toBe((drillsBefore ?? 0) + 2);
  });

  it('leaves the stock alone without the tick', async () => {
    const paid = await paidByCard();
    const before = await stockOf(saw.id);
    const response = await refund(paid._id, {
      lines: [{ toolId: saw.id, quantity: 2 }],
      note: 'Arrived broken; thrown away.',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<Order>(response).refunds[0]).toMatchObject({ amount: 5000, returnToStock: false });
    expect(await stockOf(saw.id)).toBe(before);
  });

  it('never refunds more units of a line than were bought, and says how many are left', async () => {
    const paid = await paidByCard();
    const first = await refund(paid._id, {
      lines: [{ toolId: saw.id, quantity: 3 }],
      note: 'Three back.',
    });
    expect(first.statusCode, first.body).toBe(201);
    const tooMany = expectProblem(
      await refund(paid._id, { lines: [{ toolId: saw.id, quantity: 2 }], note: 'Two more.' }),
      409,
      'refund_exceeds_line',
    );
    expect(tooMany.detail).toMatch(/^At most 1 of .+ is left to refund \(3 of 4 already are\)\.$/);
    const last = await refund(paid._id, {
      lines: [{ toolId: saw.id, quantity: 1 }],
      note: 'Last.',
    });
    expect(last.statusCode, last.body).toBe(201);
    expectProblem(
      await refund(paid._id, { lines: [{ toolId: saw.id, quantity: 1 }], note: 'Again.' }),
      409,
      'refund_exceeds_line',
    );
  });

  it('a failed refund gives its units back to refund and puts nothing into stock', async () => {
    const paid = await paidByCard();
    const before = await stockOf(drill.id);
    await t.db
      .update(payments)
      .set({ reference: `txn_elsewhere_${paid._id}` })
      .where(eq(payments.orderId, paid._id));
    expectProblem(
      await refund(paid._id, {
        lines: [{ toolId: drill.id, quantity: 2 }],
        returnToStock: true,
        note: 'Both back.',
      }),
      409,
      'refund_refused',
    );
    expect(await stockOf(drill.id)).toBe(before);
    // The refused refund no longer holds the two drills: a manual order would take them again.
    const seen = json<Order>(await client(t.app, admin).get(`/orders/${paid._id}`));
    expect(seen.refunds).toMatchObject([{ status: 'failed', lines: [{ quantity: 2 }] }]);
    expect(seen.refundedAmount).toBe(0);
  });

  it('racing refunds of one line never pass the units bought', async () => {
    const paid = await paidByCard();
    // Refunds are held back at their insert until all three have read what is refunded so far:
    // without the order's lock, each would see none and all three would pass.
    const holder = await t.database.pool.connect();
    let answers: Awaited<ReturnType<typeof refund>>[];
    try {
      await holder.query('begin');
      await holder.query('lock table order_refunds in share mode');
      const racing = Promise.all(
        [1, 2, 3].map((n) =>
          refund(paid._id, { lines: [{ toolId: saw.id, quantity: 3 }], note: `At once ${n}.` }),
        ),
      );
      await expect
        .poll(async () => {
          const waiting = await t.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          );
          return waiting.rows[0]?.n ?? 0;
        })
        .toBe(3);
      await holder.query('commit');
      answers = await racing;
    } finally {
      holder.release();
    }
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expectProblem(answer, 409, 'refund_exceeds_line');
    }
    const lines = await t.db
      .select()
      .from(orderRefundLines)
      .where(eq(orderRefundLines.orderId, paid._id));
    expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(3);
  });

  it('refuses a tool that is no line of the order, and a body that is both or neither', async () => {
    const paid = await paidByCard();
    const other = await t.addTool({ quantity: 5, price: 100 });
    expectProblem(
      await refund(paid._id, { lines: [{ toolId: other.id, quantity: 1 }], note: 'Which?' }),
      409,
      'refund_line_unknown',
    );
    expectFieldError(
      await refund(paid._id, {
        amount: 100,
        lines: [{ toolId: saw.id, quantity: 1 }],
        note: 'Both.',
      }),
      'amount',
    );
    expectFieldError(await refund(paid._id, { note: 'Neither.' }), 'amount');
    expectFieldError(
      await refund(paid._id, { amount: 100, returnToStock: true, note: 'Stock?' }),
      'returnToStock',
    );
    expectFieldError(
      await refund(paid._id, {
        lines: [
          { toolId: saw.id, quantity: 1 },
          { toolId: saw.id, quantity: 1 },
        ],
        note: 'Twice.',
      }),
      'lines.1.toolId',
    );
  });
});
