import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyPaymentTerms, OrderAccount } from '../../../contract/invoices-on-account.ts';
import type { Order } from '../../../contract/orders.ts';
import type { InvoiceBalance, PaymentTerms } from '../../../contract/payment-terms.ts';
import { auditLog, invoicePayments, orders } from '../../db/schema.ts';
import { client, expectProblem, json } from '../../testing/http.ts';
import { addTerms, owedOnAccount } from '../../testing/terms-fixtures.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';
import { statementOf } from './account-invoices.repo.ts';

/**
 * A buyer on account who paid and was then credited has paid more than is due: the store pays it
 * back by hand and records the payout (decision 063), at most what it owes, under the order's lock.
 */

let t: TestContext;
let admin: TestUser;
/** Money moves on the day its invoice is issued or later: these orders are invoiced today. */
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Paula Payout' });
});
afterAll(() => t.close());

const owedBy = (userId: string) => owedOnAccount(t, userId);

const payoutsOf = async (orderId: string) =>
  t.db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.orderId, orderId), eq(invoicePayments.kind, 'payout')));

/** A new buyer on terms, and their order on account of 3 × 100.00. */
async function orderOnAccount(name: string): Promise<{ buyer: TestUser; order: Order }> {
  const buyer = await t.signUp({ name });
  await addTerms(t, buyer.id);
  const tool = await t.addTool({ price: 10_000, quantity: 100, minimumOrder: 1 });
  const placed = await client(t.app, buyer).post('/orders', {
    lines: [{ toolId: tool.id, quantity: 3 }],
    ...delivery,
    paymentMethod: 'account',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { buyer, order: json<Order>(placed) };
}

/** An order on account of 300.00, paid in full, then credited `credit` by a refund. */
async function overpaidOrder(credit: number): Promise<{ buyer: TestUser; order: Order }> {
  const { buyer, order } = await orderOnAccount('Owen Overpaid');
  const paid = await client(t.app, admin).post(`/orders/${order._id}/payments`, {
    amount: 30_000,
    receivedOn: today,
    reference: 'Transfer 300',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  if (credit > 0) {
    const refunded = await client(t.app, admin).post(`/orders/${order._id}/refunds`, {
      amount: credit,
      note: 'Price corrected after payment.',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
  }
  return { buyer, order };
}

const payout = (orderId: string, amount: number, reference = 'Back 1', paidOn = today) =>
  client(t.app, admin).post(`/orders/${orderId}/payouts`, { amount, paidOn, reference });

describe('money paid back on account', () => {
  it('pays back at most what the buyer paid beyond what is due, in parts, and says so everywhere', async () => {
    const { buyer, order } = await overpaidOrder(10_000);
    const account = async () =>
      json<OrderAccount>(await client(t.app, buyer).get(`/orders/${order._id}/payments`));
    expect(await account()).toMatchObject({
      paid: 30_000,
      credited: 10_000,
      left: 0,
      owedToBuyer: 10_000,
    });

    // The admins' list of buyers with terms and the buyer's own terms say what the store owes.
    const owedToBuyer = async () => {
      const listed = json<PaymentTerms[]>(
        await client(t.app, admin).get('/payment-terms?limit=100'),
      ).find((terms) => terms.buyer.id === buyer.id)?.owedToBuyer;
      const mine = await client(t.app, buyer).get('/payment-terms/mine');
      expect(json<MyPaymentTerms>(mine).owedToBuyer).toBe(listed);
      return listed;
    };
    expect(await owedToBuyer()).toBe(10_000);

    const tooMuch = expectProblem(await payout(order._id, 15_000), 409, 'payout_exceeds_owed');
    expect(tooMuch.detail).toBe(
      'The store owes this buyer $100.00 on this order, less than $150.00: pay back at most that.',
    );
    expect(await payoutsOf(order._id)).toHaveLength(0);

    const first = await payout(order._id, 6_000, 'Back 60');
    expect(first.statusCode, first.body).toBe(201);
    expect(json<InvoiceBalance>(first)).toMatchObject({
      paid: 24_000,
      left: 0,
      owedToBuyer: 4_000,
    });
    expect(await owedToBuyer()).toBe(4_000);
    const second = await payout(order._id, 4_000, 'Back 40');
    expect(second.statusCode, second.body).toBe(201);
    expect(json<InvoiceBalance>(second)).toMatchObject({ paid: 20_000, left: 0, owedToBuyer: 0 });

    const nothing = expectProblem(await payout(order._id, 1), 409, 'payout_exceeds_owed');
    expect(nothing.detail).toBe(
      'The store owes this buyer nothing on this order: they have not paid more than is due after its credit notes.',
    );
    // The buyer reads each movement; the order stays settled and owes nothing.
    expect(await account()).toMatchObject({
      paid: 20_000,
      credited: 10_000,
      left: 0,
      owedToBuyer: 0,
      payments: [
        { kind: 'received', amount: 30_000, reference: 'Transfer 300' },
        { kind: 'payout', amount: 6_000, receivedOn: today, reference: 'Back 60' },
        { kind: 'payout', amount: 4_000, receivedOn: today, reference: 'Back 40' },
      ],
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.settledAt).not.toBeNull();
    expect(await owedBy(buyer.id)).toBe(0);
    expect(await owedToBuyer()).toBe(0);

    // The statement lists each payout as a charge: the balance comes back to nothing.
    const statement = await statementOf(
      t.db,
      { kind: 'customer', userId: buyer.id },
      { from: today, to: today },
      100,
    );
    const moves = statement.entries
      .filter((entry) => entry.kind === 'payment' || entry.kind === 'payout')
      .map((entry) => [entry.kind, entry.amount, entry.detail])
      .sort((a, b) => String(a[2]).localeCompare(String(b[2])));
    expect(moves).toEqual([
      ['payout', 4_000, 'Back 40'],
      ['payout', 6_000, 'Back 60'],
      ['payment', 30_000, 'Transfer 300'],
    ]);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.payout_recorded'), eq(auditLog.targetId, order._id)));
    expect(audited.map((entry) => entry.details)).toEqual([
      { amount: 6_000, paidOn: today, reference: 'Back 60' },
      { amount: 4_000, paidOn: today, reference: 'Back 40' },
    ]);
  });

  it('tells each buyer what the store owes them, never what it owes other buyers', async () => {
    const first = await overpaidOrder(10_000);
    const second = await overpaidOrder(4_000);
    const neither = await t.signUp({ name: 'Nina Nothing' });
    await addTerms(t, neither.id);
    const mine = async (buyer: TestUser) =>
      json<MyPaymentTerms>(await client(t.app, buyer).get('/payment-terms/mine')).owedToBuyer;
    expect(await mine(first.buyer)).toBe(10_000);
    expect(await mine(second.buyer)).toBe(4_000);
    expect(await mine(neither)).toBe(0);
  });

  it('a payment or a payout asked again with its Idempotency-Key, at once or later, is recorded once', async () => {
    const { order } = await orderOnAccount('Ida Idempotent');
    const send = (what: 'payments' | 'payouts', key: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/${what}`,
        headers: { ...admin.headers, 'idempotency-key': key },
        payload: body,
      });
    const payment = { amount: 10_000, receivedOn: today, reference: 'Transfer 100' };
    const answers = await Promise.all([
      send('payments', 'payment-key-1', payment),
      send('payments', 'payment-key-1', payment),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const again = await send('payments', 'payment-key-1', payment);
    expect(json<InvoiceBalance>(again)).toMatchObject({ paid: 10_000, left: 20_000 });
    const received = await t.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.orderId, order._id));
    expect(received.map((row) => row.amount)).toEqual([10_000]);
    const reused = expectProblem(
      await send('payments', 'payment-key-1', { ...payment, amount: 5_000 }),
      422,
      'idempotency_key_reused',
    );
    expect(reused.detail).toBe(
      'This Idempotency-Key already recorded another payment or payout of this order: use a new key for another payment or payout.',
    );
    // A payout is another kind of movement: its key is not a payment's.
    expectProblem(
      await send('payouts', 'payment-key-1', { amount: 1, paidOn: today, reference: 'Back 1' }),
      422,
      'idempotency_key_reused',
    );

    // Paid in full, then credited 50.00: the store owes it back, and pays it once.
    expect(
      (await send('payments', 'payment-key-2', { ...payment, amount: 20_000 })).statusCode,
    ).toBe(201);
    await client(t.app, admin).post(`/orders/${order._id}/refunds`, {
      amount: 5_000,
      note: 'Credit.',
    });
    const back = { amount: 5_000, paidOn: today, reference: 'Back 50' };
    const paidBack = await Promise.all([
      send('payouts', 'payout-key-1', back),
      send('payouts', 'payout-key-1', back),
    ]);
    expect(paidBack.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect((await payoutsOf(order._id)).map((row) => row.amount)).toEqual([-5_000]);
  });

  it('two admins paying back at once never pay back more than was owed', async () => {
    const { order } = await overpaidOrder(10_000);
    const answers = await Promise.all([
      payout(order._id, 10_000, 'Twice A'),
      payout(order._id, 10_000, 'Twice B'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await payoutsOf(order._id)).map((row) => row.amount)).toEqual([-10_000]);
  });

  it('is refused for an order the store owes nothing on, a card order, a buyer, bad input and an unknown order', async () => {
    const { buyer, order } = await overpaidOrder(0);
    expectProblem(await payout(order._id, 100), 409, 'payout_exceeds_owed');
    const credited = await overpaidOrder(5_000);
    expectProblem(
      await client(t.app, credited.buyer).post(`/orders/${credited.order._id}/payouts`, {
        amount: 100,
        paidOn: today,
        reference: 'Me',
      }),
      403,
      'forbidden',
    );
    const future = expectProblem(
      await payout(credited.order._id, 100, 'Soon', '2999-01-01'),
      400,
      'validation_failed',
    );
    expect(future.errors?.map((error) => error.field)).toEqual(['paidOn']);
    // Nor before the invoice was issued: a statement would list it before the invoice.
    const early = expectProblem(
      await payout(credited.order._id, 100, 'Early', '2020-01-01'),
      400,
      'validation_failed',
    );
    expect(early.errors?.map((error) => error.field)).toEqual(['paidOn']);
    for (const body of [
      { amount: 0, paidOn: today, reference: 'Zero' },
      { amount: -100, paidOn: today, reference: 'Negative' },
      { amount: 100, paidOn: today, reference: '' },
      { amount: 100, receivedOn: '2026-11-25', reference: 'Wrong field' },
    ]) {
      const answer = await client(t.app, admin).post(`/orders/${credited.order._id}/payouts`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expectProblem(await payout(credited.order._id, 1e12, 'Huge'), 409, 'payout_exceeds_owed');
    expect(await payoutsOf(credited.order._id)).toHaveLength(0);
    expectProblem(await payout('00000000-0000-4000-8000-000000000000', 100), 404, 'not_found');
    const card = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: (await t.addTool({ price: 1_000, minimumOrder: 1 })).id, quantity: 1 }],
      ...delivery,
    });
    expect(card.statusCode, card.body).toBe(201);
    expectProblem(await payout(json<Order>(card)._id, 100), 409, 'not_on_account');
  });
});
