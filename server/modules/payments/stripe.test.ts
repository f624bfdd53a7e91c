import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, expectProblem } from '../../testing/http.ts';
import { buildStripeTestApp, type StripeTestApp } from '../../testing/stripe-test-app.ts';

/** Paying in Stripe mode: one PaymentIntent per order, made from the database's amount. */

let stripe: StripeTestApp;
beforeAll(async () => {
  stripe = await buildStripeTestApp();
});
afterAll(() => stripe.close());

describe('Stripe mode', () => {
  it('creates one PaymentIntent per order from the database amount, and reuses it', async () => {
    const order = await stripe.placeOrder();
    const first = await stripe.asAna.post(`/payment/${order._id}/intent`, {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().publishableKey).toBe('pk_test_toolyard');
    const intentId = (await stripe.orderRow(order._id))?.paymentIntentId;
    expect(intentId).toMatch(/^pi_/);
    const intent = stripe.stripeApi.intents.get(intentId as string);
    expect(intent).toMatchObject({
      amount: 25000,
      currency: 'usd',
      metadata: { orderId: order._id },
    });
    expect(first.json().clientSecret).toBe(intent?.client_secret);

    const again = await stripe.asAna.post(`/payment/${order._id}/intent`, {});
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
    const creations = stripe.stripeApi.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    );
    expect(creations.filter((r) => r.idempotencyKey?.includes(order._id))).toHaveLength(1);
  });

  it('an intent cancelled at Stripe is replaced by a new one (a new idempotency key)', async () => {
    const order = await stripe.placeOrder();
    const first = await stripe.asAna.post(`/payment/${order._id}/intent`, {});
    expect(first.statusCode, first.body).toBe(200);
    const firstId = (await stripe.orderRow(order._id))?.paymentIntentId as string;
    const cancelled = stripe.stripeApi.intents.get(firstId);
    if (!cancelled) throw new Error('the stand-in has no such intent');
    cancelled.status = 'canceled';

    const second = await stripe.asAna.post(`/payment/${order._id}/intent`, {});
    expect(second.statusCode, second.body).toBe(200);
    const secondId = (await stripe.orderRow(order._id))?.paymentIntentId as string;
    expect(secondId).toMatch(/^pi_/);
    expect(secondId).not.toBe(firstId);
    expect(second.json().clientSecret).toBe(stripe.stripeApi.intents.get(secondId)?.client_secret);
    expect(second.json().clientSecret).not.toBe(first.json().clientSecret);
  });

  it('a failed creation is retried with the same idempotency key', async () => {
    const order = await stripe.placeOrder();
    stripe.stripeApi.failNextRequests(1);
    const response = await stripe.asAna.post(`/payment/${order._id}/intent`, {});
    expect(response.statusCode, response.body).toBe(200);
    const attempts = stripe.stripeApi.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey?.includes(order._id),
    );
    expect(attempts.length).toBe(2);
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
  });

  it('test cards are refused in Stripe mode, and the config names Stripe', async () => {
    const order = await stripe.placeOrder();
    const response = await stripe.asAna.post(`/payment/${order._id}`, {
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      nameOnCard: 'Ana',
    });
    expectProblem(response, 404, 'not_found');
    expect((await client(stripe.t.app).get('/config')).json().payments).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_toolyard',
      // Real payments: no "Test mode" banner above the pages.
      isTestModeAnnounced: false,
    });
  });
});
