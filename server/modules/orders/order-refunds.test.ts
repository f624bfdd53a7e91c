import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { auditLog, orderRefunds, orders } from '../../db/schema.ts';
import { client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/**
 * Refunds noted on paid orders (POST /api/orders/{id}/refunds), and the audit log of what people
 * do to orders: cancelling, shipping, noting a refund.
 */

let t: TestContext;
let admin: TestUser;
let buyer: TestUser;
let tool: { id: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Rita Refund' });
  buyer = await t.signUp({ name: 'Bea Buyer' });
  tool = await t.addTool({ quantity: 10_000, minimumOrder: 1, price: 2500 });
});
afterAll(async () => {
  await t.close();
});

/** An order of `units` × 25.00 by the buyer, paid unless asked otherwise. */
async function order(units: number, paid = true): Promise<Order> {
  const placed = json<Order>(
    await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: units }],
      phone: '+1 555 010 2030',
      address: '3 Refund Row, Springfield',
    }),
  );
  if (paid) await t.markPaid(placed._id, `txn_${placed._id}`);
  return placed;
}

const refund = (user: TestUser | undefined, id: string, body: unknown) =>
  client(t.app, user).post(`/orders/${id}/refunds`, body);

const auditOf = (orderId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, orderId)))
    .orderBy(asc(auditLog.createdAt));

describe('POST /api/orders/{id}/refunds', () => {
  it('notes a refund on a paid order: stored, on the order for its customer, in the audit log', async () => {
    const paid = await order(4); // 100.00
    const response = await refund(admin, paid._id, {
      amount: 2500,
      note: '  One hammer arrived bent.\nRefunded to the card.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = json<Order>(response);
    expect(body.refundedAmount).toBe(2500);
    expect(body.refunds).toEqual([
      {
        id: expect.any(String),
        amount: 2500,
        note: 'One hammer arrived bent.\nRefunded to the card.',
        // Paid outside the store (no payment at a provider): the admin returns it by hand.
        status: 'succeeded',
        provider: 'manual',
        failureReason: null,
        lines: [],
        returnToStock: false,
        creditNote: { number: expect.stringMatching(/^CN-\d{6}$/), issuedAt: expect.any(String) },
        createdAt: expect.any(String),
        recordedBy: 'Rita Refund',
        canSendAgain: false,
      },
    ]);
    const rows = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid._id));
    expect(rows).toMatchObject([{ amount: 2500, recordedBy: admin.id }]);
    const seen = json<Order>(await client(t.app, buyer).get(`/orders/${paid._id}`));
    expect(seen.refundedAmount).toBe(2500);
    expect(seen.refunds).toHaveLength(1);
    const audit = await auditOf(paid._id);
    expect(audit).toMatchObject([
      {
        action: 'order.refund_noted',
        actorId: admin.id,
        actorName: 'Rita Refund',
        targetLabel: paid.number,
        details: {
          amount: 2500,
          currency: paid.currency,
          note: 'One hammer arrived bent.\nRefunded to the card.',
        },
      },
    ]);
  });

  it('refuses refunds beyond the total (409 refund_exceeds_total), allowing exactly the rest', async () => {
    const paid = await order(2); // 50.00
    expect((await refund(admin, paid._id, { amount: 3000, note: 'Part one.' })).statusCode).toBe(
      201,
    );
    const over = expectProblem(
      await refund(admin, paid._id, { amount: 2001, note: 'Too much.' }),
      409,
      'refund_exceeds_total',
    );
    expect(over.detail).toContain('20.00');
    const rest = await refund(admin, paid._id, { amount: 2000, note: 'The rest.' });
    expect(json<Order>(rest).refundedAmount).toBe(5000);
    expectProblem(
      await refund(admin, paid._id, { amount: 1, note: 'One more cent.' }),
      409,
      'refund_exceeds_total',
    );
    expect(
      await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid._id)),
    ).toHaveLength(2);
  });

  it('two admins noting refunds at once cannot together refund more than the total', async () => {
    const paid = await order(4); // 100.00
    const answers = await Promise.all(
      [1, 2, 3].map((n) => refund(admin, paid._id, { amount: 6000, note: `At once ${n}.` })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid._id));
    expect(rows).toHaveLength(1);
  });

  it('takes refunds on shipped orders, refuses them on unpaid and cancelled ones', async () => {
    const shipped = await order(1);
    await client(t.app, admin).put(`/order/${shipped._id}`, {
      status: 'shipped',
      noTracking: true,
    });
    expect((await refund(admin, shipped._id, { amount: 100, note: 'Late.' })).statusCode).toBe(201);
    const unpaid = await order(1, false);
    expectProblem(
      await refund(admin, unpaid._id, { amount: 100, note: 'Nope.' }),
      409,
      'order_not_refundable',
    );
    await client(t.app, buyer).delete(`/user/${unpaid._id}`);
    expectProblem(
      await refund(admin, unpaid._id, { amount: 100, note: 'Nope.' }),
      409,
      'order_not_refundable',
    );
    expect(
      await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, unpaid._id)),
    ).toEqual([]);
  });

  it('refuses bad amounts, notes and ids with the field; 404 for an order that does not exist', async () => {
    const paid = await order(1);
    for (const amount of [0, -1, 1.5, '100', null, 2_147_483_648]) {
      expectFieldError(await refund(admin, paid._id, { amount, note: 'Bad amount.' }), 'amount');
    }
    for (const note of ['', '   ', 'x'.repeat(1001), 'line\n'.repeat(21), 'a\u202Eb', 7]) {
      expectFieldError(await refund(admin, paid._id, { amount: 1, note }), 'note');
    }
    expectFieldError(await refund(admin, paid._id, { amount: 1 }), 'note');
    expectFieldError(await refund(admin, paid._id, { amount: 1, note: 'x', extra: 1 }), 'extra');
    expectFieldError(await refund(admin, 'not-an-id', { amount: 1, note: 'x' }), 'id', 'params');
    expectProblem(
      await refund(admin, '00000000-0000-4000-8000-000000000000', { amount: 1, note: 'x' }),
      404,
      'not_found',
    );
    expect(
      await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid._id)),
    ).toEqual([]);
  });

  it('is for admins only: the customer whose order it is cannot note one, nor a visitor', async () => {
    const paid = await order(1);
    expectProblem(await refund(buyer, paid._id, { amount: 1, note: 'Mine.' }), 403, 'forbidden');
    expectProblem(
      await refund(undefined, paid._id, { amount: 1, note: 'x' }),
      401,
      'unauthenticated',
    );
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${paid._id}/refunds`,
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
      payload: { amount: 1, note: 'Cross-site.' },
    });
    expectProblem(foreign, 403, 'origin_not_allowed');
    expect(
      await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid._id)),
    ).toEqual([]);
  });
});

describe('the audit log of orders', () => {
  it('records a cancellation by the customer and by an admin, with the reason', async () => {
    const mine = await order(1, false);
    await client(t.app, buyer).delete(`/user/${mine._id}`);
    expect(await auditOf(mine._id)).toMatchObject([
      {
        action: 'order.cancelled',
        actorId: buyer.id,
        actorName: 'Bea Buyer',
        targetType: 'order',
        targetLabel: mine.number,
        details: { reason: 'customer' },
      },
    ]);
    const theirs = await order(1, false);
    expect((await client(t.app, admin).delete(`/user/${theirs._id}`)).statusCode).toBe(200);
    expect(await auditOf(theirs._id)).toMatchObject([
      { action: 'order.cancelled', actorId: admin.id, details: { reason: 'admin' } },
    ]);
  });

  it('records nothing when a cancellation is refused, nor when the payment window runs out', async () => {
    const paid = await order(1);
    expectProblem(
      await client(t.app, admin).delete(`/user/${paid._id}`),
      409,
      'order_not_cancellable',
    );
    expect(await auditOf(paid._id)).toEqual([]);
    const late = await order(1, false);
    await t.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, late._id));
    const cancelled = await t.app.services.orders.cancelOverdue();
    expect(cancelled.map((o) => o._id)).toContain(late._id);
    expect(await auditOf(late._id)).toEqual([]);
  });

  it('records a shipment with its carrier and tracking number, once', async () => {
    const paid = await order(1);
    const asAdmin = client(t.app, admin);
    const shipped = await asAdmin.put(`/order/${paid._id}`, {
      status: 'shipped',
      carrier: 'DHL',
      trackingNumber: 'JD0146000012345',
    });
    expect(shipped.statusCode).toBe(200);
    expectProblem(
      await asAdmin.put(`/order/${paid._id}`, { status: 'shipped', noTracking: true }),
      409,
      'order_not_shippable',
    );
    expect(await auditOf(paid._id)).toMatchObject([
      {
        action: 'order.shipped',
        actorId: admin.id,
        targetLabel: paid.number,
        details: { carrier: 'DHL', trackingNumber: 'JD0146000012345' },
      },
    ]);
    const bare = await order(1);
    await asAdmin.put(`/order/${bare._id}`, { status: 'shipped', noTracking: true });
    expect(await auditOf(bare._id)).toMatchObject([
      { action: 'order.shipped', details: { carrier: null, trackingNumber: null } },
    ]);
  });
});
