import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { auditLog, orderRefunds } from '../../db/schema.ts';
import { client, expectProblem, json } from '../../testing/http.ts';
import { buildStripeTestApp, type StripeTestApp } from '../../testing/stripe-test-app.ts';
import type { TestUser } from '../../testing/test-app.ts';

/**
 * Refunds of orders paid through Stripe: made with Stripe's Refunds API (Stripe's own library, one
 * idempotency key per refund), pending until Stripe's signed webhook confirms or fails them.
 */

let stripe: StripeTestApp;
let admin: TestUser;
beforeAll(async () => {
  stripe = await buildStripeTestApp();
  admin = await stripe.t.signUp({ role: 'Admin', name: 'Rita Refund' });
});
afterAll(() => stripe.close());

/** A $250.00 order paid through Stripe (its PaymentIntent reported succeeded by webhook). */
async function paidThroughStripe(): Promise<{ order: Order; intentId: string }> {
  const order = await stripe.placeOrder();
  await stripe.asAna.post(`/payment/${order._id}/intent`, {});
  const intentId = (await stripe.orderRow(order._id))?.paymentIntentId as string;
  const paid = await stripe.deliver('payment_intent.succeeded', {
    id: intentId,
    object: 'payment_intent',
    amount: 25000,
    currency: 'usd',
    status: 'succeeded',
    metadata: { orderId: order._id },
    last_payment_error: null,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { order, intentId };
}

const refund = (id: string, body: unknown) =>
  client(stripe.t.app, admin).post(`/orders/${id}/refunds`, body);
const refundRow = async (orderId: string) =>
  (await stripe.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)))[0];

/** The refund of `orderId` asked for with an Idempotency-Key, as a client retrying would send it. */
const refundWithKey = (orderId: string, key: string, body: unknown) =>
  stripe.t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/refunds`,
    headers: { ...admin.headers, 'idempotency-key': key },
    payload: body as object,
  });

/** The refunds the store has asked Stripe for so far. */
const refundsAskedOfStripe = () =>
  stripe.stripeApi.requests.filter((request) => request.path === '/v1/refunds');

describe('Stripe refunds', () => {
  it('asks Stripe to refund the PaymentIntent with an idempotency key, pending until confirmed', async () => {
    const { order, intentId } = await paidThroughStripe();
    stripe.stripeApi.answerRefundsWith('succeeded');
    const response = await refund(order._id, { amount: 7500, note: 'Three saws came back.' });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<Order>(response).refunds).toMatchObject([
      { amount: 7500, status: 'pending', provider: 'stripe', creditNote: null },
    ]);
    const row = await refundRow(order._id);
    const sent = stripe.stripeApi.refunds.get(row?.providerReference as string);
    expect(sent).toMatchObject({
      amount: 7500,
      payment_intent: intentId,
      metadata: { refundId: row?.id, orderId: order._id },
    });
    const calls = stripe.stripeApi.requests.filter((r) => r.path === '/v1/refunds');
    expect(calls.at(-1)?.idempotencyKey).toBe(`toolyard-refund-${row?.id}`);

    const refundMails = async () => {
      await stripe.t.app.mailer.drain();
      return stripe.t.sentMail.filter(
        (m) => m.subject === `Refund of $75.00 for order ${order.number}`,
      );
    };
    expect(await refundMails()).toEqual([]);
    const confirmed = await stripe.deliver('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      refunds: { object: 'list', data: [sent] },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const seen = json<Order>(await stripe.asAna.get(`/orders/${order._id}`));
    expect(seen.refunds).toMatchObject([
      { amount: 7500, status: 'succeeded', creditNote: { number: 'CN-000001' } },
    ]);
    expect(seen.refundedAmount).toBe(7500);
    // Told once, when Stripe confirmed it, however often Stripe says so.
    await stripe.deliver('refund.updated', { ...sent, status: 'succeeded' });
    expect(await refundMails()).toHaveLength(1);
  });

  it('a refund Stripe later fails (refund.updated) is failed with a sentence and frees its amount', async () => {
    const { order } = await paidThroughStripe();
    stripe.stripeApi.answerRefundsWith('pending');
    expect((await refund(order._id, { amount: 25000, note: 'All.' })).statusCode).toBe(201);
    expectProblem(
      await refund(order._id, { amount: 1, note: 'More.' }),
      409,
      'refund_exceeds_total',
    );
    const row = await refundRow(order._id);
    const sent = stripe.stripeApi.refunds.get(row?.providerReference as string);
    const failed = await stripe.deliver('refund.updated', {
      ...sent,
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await refundRow(order._id)).toMatchObject({
      status: 'failed',
      failureReason: 'The card it was paid with has expired or was cancelled.',
    });
    expect((await refund(order._id, { amount: 25000, note: 'Again.' })).statusCode).toBe(201);
  });

  it('Stripe refusing at once answers 409 refund_refused; no answer at all answers 502 and keeps the refund pending', async () => {
    const { order } = await paidThroughStripe();
    stripe.stripeApi.answerRefundsWith('failed', 'lost_or_stolen_card');
    const refused = expectProblem(
      await refund(order._id, { amount: 100, note: 'Refused.' }),
      409,
      'refund_refused',
    );
    expect(refused.detail).toContain('reported lost or stolen');
    // No answer says nothing of the money: the refund stays pending, its amount held (not free
    // for a second refund of money that may be back already), until the same request is sent
    // again with its Idempotency-Key, under the refund's own key at Stripe.
    stripe.stripeApi.answerRefundsWith('pending');
    stripe.stripeApi.failNextRequests(3);
    const withKey = (body: unknown) => refundWithKey(order._id, 'unanswered-refund-1', body);
    const body = { amount: 100, note: 'No answer.' };
    const unanswered = expectProblem(await withKey(body), 502, 'payment_provider_error');
    expect(unanswered.detail).toContain('stays pending');
    const rows = async () =>
      (await stripe.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id)))
        .map((r) => [r.amount, r.status, r.providerReference !== null])
        .sort();
    expect(await rows()).toEqual([
      [100, 'failed', true],
      [100, 'pending', false],
    ]);
    // Asked again: sent again under the same key at Stripe, answered, and still one refund.
    const [pending] = await stripe.t.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order._id), eq(orderRefunds.status, 'pending')));
    const sentBefore = stripe.stripeApi.requests.filter((r) => r.path === '/v1/refunds').length;
    const retried = await withKey(body);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(json<Order>(retried).refundedAmount).toBe(100);
    const sentAgain = stripe.stripeApi.requests
      .filter((r) => r.path === '/v1/refunds')
      .slice(sentBefore);
    // (The library's own retries included: every one under the refund's key.)
    expect(sentAgain.length).toBeGreaterThan(0);
    expect(new Set(sentAgain.map((r) => r.idempotencyKey))).toEqual(
      new Set([`toolyard-refund-${pending?.id}`]),
    );
    expect(await rows()).toEqual([
      [100, 'failed', true],
      [100, 'pending', true],
    ]);
  });

  it("the same request again while the first still waits for Stripe: 409 refund_being_sent, sent once, then the first one's refund", async () => {
    const { order } = await paidThroughStripe();
    stripe.stripeApi.answerRefundsWith('pending');
    const withKey = () =>
      refundWithKey(order._id, 'slow-stripe-refund-1', {
        amount: 4000,
        note: 'Stripe is slow today.',
      });
    const toStripe = refundsAskedOfStripe;
    const sentBefore = toStripe().length;
    const release = stripe.stripeApi.holdRefunds();
    const first = withKey();
    try {
      // The first attempt recorded its refund and is waiting for Stripe's answer.
      await vi.waitFor(() => expect(toStripe().length).toBe(sentBefore + 1));
      const second = expectProblem(await withKey(), 409, 'refund_being_sent');
      expect(second.detail).toContain('still being sent');
      // It asked Stripe nothing: the first attempt's request is the only one.
      expect(toStripe().length).toBe(sentBefore + 1);
    } finally {
      release();
    }
    const answered = await first;
    expect(answered.statusCode, answered.body).toBe(201);
    const row = await refundRow(order._id);
    expect(row).toMatchObject({ amount: 4000, status: 'pending' });
    expect(row?.providerReference).toMatch(/^re_/);
    expect(
      [...stripe.stripeApi.refunds.values()].filter((r) => r.metadata.orderId === order._id),
    ).toHaveLength(1);
    // Asked again once the first is done: its outcome, still one refund, Stripe not asked again.
    const again = await withKey();
    expect(again.statusCode, again.body).toBe(201);
    expect(json<Order>(again).refunds).toMatchObject([{ amount: 4000, status: 'pending' }]);
    expect(toStripe().length).toBe(sentBefore + 1);
  });

  it("the same request again while Stripe answers the first within moments: the first one's refund, sent once", async () => {
    const { order } = await paidThroughStripe();
    stripe.stripeApi.answerRefundsWith('pending');
    const withKey = () =>
      refundWithKey(order._id, 'double-click-refund-1', { amount: 3000, note: 'Clicked twice.' });
    const toStripe = refundsAskedOfStripe;
    const sentBefore = toStripe().length;
    const release = stripe.stripeApi.holdRefunds();
    const first = withKey();
    await vi.waitFor(() => expect(toStripe().length).toBe(sentBefore + 1));
    const second = withKey();
    setTimeout(release, 300);
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers.map((answer) => json<Order>(answer).refunds.length)).toEqual([1, 1]);
    expect(toStripe().length).toBe(sentBefore + 1);
  });

  it('"Send again" sends a refund Stripe never answered under its own key, one attempt at a time, for admins only', async () => {
    const { order } = await paidThroughStripe();
    stripe.stripeApi.answerRefundsWith('pending');
    stripe.stripeApi.failNextRequests(3);
    expectProblem(
      await refund(order._id, { amount: 6000, note: 'Nobody retried this one.' }),
      502,
      'payment_provider_error',
    );
    const [unanswered] = json<Order>(await stripe.asAna.get(`/orders/${order._id}`)).refunds;
    expect(unanswered).toMatchObject({ amount: 6000, status: 'pending', canSendAgain: true });
    const refundId = unanswered?.id as string;
    const sendAgain = (orderId: string, id: string, as = admin) =>
      client(stripe.t.app, as).post(`/orders/${orderId}/refunds/${id}/send`);
    const toStripe = refundsAskedOfStripe;

    // Only admins; hostile or unknown ids are refused, and nothing is sent.
    const sentBefore = toStripe().length;
    expectProblem(await sendAgain(order._id, refundId, stripe.ana), 403, 'forbidden');
    expectProblem(await sendAgain(order._id, 'not-a-refund'), 400, 'validation_failed');
    expectProblem(
      await sendAgain(order._id, `${refundId}'; drop table order_refunds; --`),
      400,
      'validation_failed',
    );
    const other = await stripe.placeOrder();
    expectProblem(await sendAgain(other._id, refundId), 404, 'not_found');
    expectProblem(await sendAgain(order._id, crypto.randomUUID()), 404, 'not_found');
    expect(toStripe().length).toBe(sentBefore);

    // Stripe does not answer again: still pending, still to send again, and free to be sent.
    stripe.stripeApi.failNextRequests(3);
    const noAnswer = expectProblem(
      await sendAgain(order._id, refundId),
      502,
      'payment_provider_error',
    );
    expect(noAnswer.detail).toContain('stays pending');
    expect(await refundRow(order._id)).toMatchObject({
      status: 'pending',
      providerReference: null,
    });

    // While one attempt waits for Stripe, another sends nothing and is told so.
    const release = stripe.stripeApi.holdRefunds();
    const first = sendAgain(order._id, refundId);
    const sentThen = toStripe().length;
    try {
      await vi.waitFor(() => expect(toStripe().length).toBeGreaterThan(sentBefore + 3));
      const second = expectProblem(await sendAgain(order._id, refundId), 409, 'refund_being_sent');
      expect(second.detail).toContain('still being sent');
    } finally {
      release();
    }
    const answered = await first;
    expect(answered.statusCode, answered.body).toBe(200);
    expect(json<Order>(answered).refunds).toMatchObject([
      { id: refundId, amount: 6000, status: 'pending', canSendAgain: false },
    ]);
    expect(toStripe().length).toBe(sentThen + 1);
    // Every request at Stripe for it, the library's retries included, under the refund's own key,
    // and Stripe made it once.
    expect(
      new Set(
        toStripe()
          .slice(sentBefore)
          .map((r) => r.idempotencyKey),
      ),
    ).toEqual(new Set([`toolyard-refund-${refundId}`]));
    const made = [...stripe.stripeApi.refunds.values()].filter(
      (r) => r.metadata.orderId === order._id,
    );
    expect(made).toHaveLength(1);
    expect(await refundRow(order._id)).toMatchObject({ providerReference: made[0]?.id });
    const audited = await stripe.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund_sent_again'), eq(auditLog.targetId, order._id)));
    expect(audited).toHaveLength(2);

    // Answered now: nothing to send again, and after Stripe confirms it, still nothing.
    const answeredAlready = expectProblem(
      await sendAgain(order._id, refundId),
      409,
      'refund_not_resendable',
    );
    expect(answeredAlready.detail).toContain('reports on it shortly');
    await stripe.deliver('refund.updated', { ...made[0], status: 'succeeded' });
    const done = expectProblem(await sendAgain(order._id, refundId), 409, 'refund_not_resendable');
    expect(done.detail).toContain('went through already');
    expect(toStripe().length).toBe(sentThen + 1);
    expect(json<Order>(await stripe.asAna.get(`/orders/${order._id}`)).refunds).toMatchObject([
      { status: 'succeeded', canSendAgain: false, creditNote: { number: expect.any(String) } },
    ]);
  });

  it('answers 200 to a refund made in Stripe itself, which names no refund of the store', async () => {
    const foreign = await stripe.deliver('refund.updated', {
      id: 're_made_in_dashboard',
      object: 'refund',
      amount: 100,
      status: 'succeeded',
      metadata: {},
    });
    expect(foreign.statusCode, foreign.body).toBe(200);
  });
});
