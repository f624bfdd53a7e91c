import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, stripeEvents } from '../../db/schema.ts';
import { expectProblem } from '../../testing/http.ts';
import {
  buildStripeTestApp,
  type StripeTestApp,
  webhookSecret,
} from '../../testing/stripe-test-app.ts';

/**
 * Stripe's webhook: only signed events count; a payment is recorded once, however often and in
 * whatever order its events come, and money that cannot go to its order is flagged, never lost.
 */

let stripe: StripeTestApp;
beforeAll(async () => {
  stripe = await buildStripeTestApp();
});
afterAll(() => stripe.close());

let eventCounter = 0;
/** An event about a PaymentIntent, for the order's $250.00 in USD unless told otherwise. */
function intentEvent(
  type: string,
  intent: { id: string; orderId: string; amount?: number; currency?: string },
) {
  eventCounter += 1;
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000) - eventCounter,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount ?? 25000,
        currency: intent.currency ?? 'usd',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        metadata: { orderId: intent.orderId },
        last_payment_error:
          type === 'payment_intent.payment_failed' ? { message: 'Your card was declined.' } : null,
      },
    },
  };
}

/** The record that an event was handled (none, or one). */
const handled = (eventId: string) =>
  stripe.t.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId));

function deliver(
  event: unknown,
  options: { secret?: string; timestamp?: number; tamper?: boolean } = {},
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return stripe.t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: options.tamper ? payload.replace('"amount":25000', '"amount":1') : payload,
  });
}

describe('Stripe webhooks', () => {
  it('a signed payment_intent.succeeded marks the order paid, once, however often it is delivered', async () => {
    const order = await stripe.placeOrder();
    await stripe.asAna.post(`/payment/${order._id}/intent`, {});
    const intentId = (await stripe.orderRow(order._id))?.paymentIntentId as string;
    const event = intentEvent('payment_intent.succeeded', {
      id: intentId,
      orderId: order._id,
    });
    for (let i = 0; i < 5; i += 1) {
      const response = await deliver(event);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await stripe.orderRow(order._id)).toMatchObject({
      status: 'paid',
      transactionId: intentId,
    });
    const rows = await stripe.t.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'stripe', status: 'succeeded', reference: intentId });
    await stripe.t.app.mailer.drain();
    expect(
      stripe.t.sentMail.filter(
        (m) =>
          m.subject.startsWith('Payment received') &&
          m.to === stripe.ana.email &&
          m.text.includes(intentId),
      ),
    ).toHaveLength(1);
  });

  it('refuses a tampered body, a wrong secret and a stale timestamp with 400, changing nothing', async () => {
    const order = await stripe.placeOrder();
    const event = intentEvent('payment_intent.succeeded', {
      id: 'pi_tamper',
      orderId: order._id,
    });
    expectProblem(await deliver(event, { tamper: true }), 400, 'validation_failed');
    expectProblem(await deliver(event, { secret: 'whsec_wrong' }), 400, 'validation_failed');
    expectProblem(
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      400,
      'validation_failed',
    );
    const unsigned = await stripe.t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await stripe.orderRow(order._id)).toMatchObject({ status: 'unpaid' });
    expect(await handled(event.id)).toHaveLength(0);
  });

  it('does not accept a payment whose amount or currency does not match the order', async () => {
    const order = await stripe.placeOrder();
    const wrongAmount = intentEvent('payment_intent.succeeded', {
      id: 'pi_wrong_amount',
      amount: 100,
      currency: 'usd',
      orderId: order._id,
    });
    expect((await deliver(wrongAmount)).statusCode).toBe(200);
    const wrongCurrency = intentEvent('payment_intent.succeeded', {
      id: 'pi_wrong_cur',
      amount: 25000,
      currency: 'eur',
      orderId: order._id,
    });
    expect((await deliver(wrongCurrency)).statusCode).toBe(200);
    expect(await stripe.orderRow(order._id)).toMatchObject({ status: 'unpaid' });
    const rows = await stripe.t.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows.map((r) => r.status)).toEqual(['flagged', 'flagged']);
  });

  it('an event about an order not visible yet is deferred (503) and applied when redelivered later', async () => {
    const futureOrderId = randomUUID();
    const event = intentEvent('payment_intent.succeeded', {
      id: 'pi_early',
      orderId: futureOrderId,
    });
    const early = await deliver(event);
    expectProblem(early, 503, 'service_unavailable');
    // Stripe is asked to wait, then sends it again.
    expect(early.headers['retry-after']).toBe('30');
    expect(await handled(event.id)).toHaveLength(0);
  });

  it('tolerates events out of order: a failure after the success leaves the order paid', async () => {
    const order = await stripe.placeOrder();
    const failed = intentEvent('payment_intent.payment_failed', {
      id: 'pi_order',
      orderId: order._id,
    });
    const succeeded = intentEvent('payment_intent.succeeded', {
      id: 'pi_order',
      orderId: order._id,
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect(await stripe.orderRow(order._id)).toMatchObject({
      status: 'unpaid',
      paymentFailure: 'Your card was declined.',
    });
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect(
      (
        await deliver(
          intentEvent('payment_intent.payment_failed', {
            id: 'pi_order',
            orderId: order._id,
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await stripe.orderRow(order._id)).toMatchObject({
      status: 'paid',
      transactionId: 'pi_order',
      paymentFailure: null,
    });
  });

  it('money for a cancelled order is flagged for an admin, never lost', async () => {
    const order = await stripe.placeOrder();
    expect((await stripe.asAna.delete(`/user/${order._id}`)).statusCode).toBe(200);
    const event = intentEvent('payment_intent.succeeded', {
      id: 'pi_late',
      orderId: order._id,
    });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await stripe.orderRow(order._id)).toMatchObject({ status: 'cancelled' });
    const [flagged] = await stripe.t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order._id));
    expect(flagged).toMatchObject({ status: 'flagged', reference: 'pi_late' });
    expect(flagged?.failureReason).toMatch(/refund/);
  });
});
