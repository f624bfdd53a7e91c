import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, OrderSchema } from '../../../contract/orders.ts';
import { orders, payments, stripeEvents } from '../../db/schema.ts';
import { type Client, client, expectProblem } from '../../testing/http.ts';
import { startStripeStandIn } from '../../testing/stripe-stand-in.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

const webhookSecret = 'whsec_test_toolyard_secret';
let stripeApi: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestContext;
let ana: TestUser;
let asAna: Client;

beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  t = await buildTestApp({
    stripe: {
      secretKey: 'sk_test_toolyard',
      publishableKey: 'pk_test_toolyard',
      webhookSecret,
      apiBase: stripeApi.url,
    },
  });
  ana = await t.signUp({ name: 'Ana Stripe' });
  asAna = client(t.app, ana);
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

async function placeOrder(): Promise<Order> {
  const tool = await t.addTool({ quantity: 1000, minimumOrder: 10, price: 2500 });
  const response = await asAna.post(`/user?email=${encodeURIComponent(ana.email)}`, {
    toolId: tool.id,
    orderedNum: 10,
    phone: '+1 555 010 2030',
    address: '42 Workshop Road, Springfield',
  });
  expect(response.statusCode, response.body).toBe(201);
  return OrderSchema.parse(response.json());
}

let eventCounter = 0;
function intentEvent(
  type: string,
  intent: { id: string; amount: number; currency: string; orderId: string },
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
        amount: intent.amount,
        currency: intent.currency,
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        metadata: { orderId: intent.orderId },
        last_payment_error:
          type === 'payment_intent.payment_failed' ? { message: 'Your card was declined.' } : null,
      },
    },
  };
}

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
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: options.tamper ? payload.replace('"amount":25000', '"amount":1') : payload,
  });
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe('Stripe mode', () => {
  it('creates one PaymentIntent per order from the database amount, and reuses it', async () => {
    const order = await placeOrder();
    const first = await asAna.post(`/payment/${order._id}/intent`, {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().publishableKey).toBe('pk_test_toolyard');
    const intentId = (await orderRow(order._id))?.paymentIntentId;
    expect(intentId).toMatch(/^pi_/);
    const intent = stripeApi.intents.get(intentId as string);
    expect(intent).toMatchObject({
      amount: 25000,
      currency: 'usd',
      metadata: { orderId: order._id },
    });
    expect(first.json().clientSecret).toBe(intent?.client_secret);

    const again = await asAna.post(`/payment/${order._id}/intent`, {});
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
    const creations = stripeApi.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    );
    expect(creations.filter((r) => r.idempotencyKey?.includes(order._id))).toHaveLength(1);
  });

  it('an intent cancelled at Stripe is replaced by a new one (a new idempotency key)', async () => {
    const order = await placeOrder();
    const first = await asAna.post(`/payment/${order._id}/intent`, {});
    expect(first.statusCode, first.body).toBe(200);
    const firstId = (await orderRow(order._id))?.paymentIntentId as string;
    const cancelled = stripeApi.intents.get(firstId);
    if (!cancelled) throw new Error('the stand-in has no such intent');
    cancelled.status = 'canceled';

    const second = await asAna.post(`/payment/${order._id}/intent`, {});
    expect(second.statusCode, second.body).toBe(200);
    const secondId = (await orderRow(order._id))?.paymentIntentId as string;
    expect(secondId).toMatch(/^pi_/);
    expect(secondId).not.toBe(firstId);
    expect(second.json().clientSecret).toBe(stripeApi.intents.get(secondId)?.client_secret);
    expect(second.json().clientSecret).not.toBe(first.json().clientSecret);
  });

  it('a failed creation is retried with the same idempotency key', async () => {
    const order = await placeOrder();
    stripeApi.failNextRequests(1);
    const response = await asAna.post(`/payment/${order._id}/intent`, {});
    expect(response.statusCode, response.body).toBe(200);
    const attempts = stripeApi.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey?.includes(order._id),
    );
    expect(attempts.length).toBe(2);
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
  });

  it('a signed payment_intent.succeeded marks the order paid, once, however often it is delivered', async () => {
    const order = await placeOrder();
    await asAna.post(`/payment/${order._id}/intent`, {});
    const intentId = (await orderRow(order._id))?.paymentIntentId as string;
    const event = intentEvent('payment_intent.succeeded', {
      id: intentId,
      amount: 25000,
      currency: 'usd',
      orderId: order._id,
    });
    for (let i = 0; i < 5; i += 1) {
      const response = await deliver(event);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await orderRow(order._id)).toMatchObject({ status: 'paid', transactionId: intentId });
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'stripe', status: 'succeeded', reference: intentId });
    await t.app.mailer.drain();
    expect(
      t.sentMail.filter(
        (m) =>
          m.subject.startsWith('Payment received') &&
          m.to === ana.email &&
          m.text.includes(intentId),
      ),
    ).toHaveLength(1);
  });

  it('refuses a tampered body, a wrong secret and a stale timestamp with 400, changing nothing', async () => {
    const order = await placeOrder();
    const event = intentEvent('payment_intent.succeeded', {
      id: 'pi_tamper',
      amount: 25000,
      currency: 'usd',
      orderId: order._id,
    });
    expectProblem(await deliver(event, { tamper: true }), 400, 'validation_failed');
    expectProblem(await deliver(event, { secret: 'whsec_wrong' }), 400, 'validation_failed');
    expectProblem(
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      400,
      'validation_failed',
    );
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await orderRow(order._id)).toMatchObject({ status: 'unpaid' });
    expect(
      await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)),
    ).toHaveLength(0);
  });

  it('does not accept a payment whose amount or currency does not match the order', async () => {
    const order = await placeOrder();
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
    expect(await orderRow(order._id)).toMatchObject({ status: 'unpaid' });
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows.map((r) => r.status)).toEqual(['flagged', 'flagged']);
  });

  it('an event about an order not visible yet is deferred (503) and applied when redelivered later', async () => {
    const futureOrderId = randomUUID();
    const event = intentEvent('payment_intent.succeeded', {
      id: 'pi_early',
      amount: 25000,
      currency: 'usd',
      orderId: futureOrderId,
    });
    const early = await deliver(event);
    expectProblem(early, 503, 'service_unavailable');
    // Stripe is asked to wait, then sends it again.
    expect(early.headers['retry-after']).toBe('30');
    expect(
      await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)),
    ).toHaveLength(0);
  });

  it('tolerates events out of order: a failure after the success leaves the order paid', async () => {
    const order = await placeOrder();
    const failed = intentEvent('payment_intent.payment_failed', {
      id: 'pi_order',
      amount: 25000,
      currency: 'usd',
      orderId: order._id,
    });
    const succeeded = intentEvent('payment_intent.succeeded', {
      id: 'pi_order',
      amount: 25000,
      currency: 'usd',
      orderId: order._id,
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({
      status: 'unpaid',
      paymentFailure: 'Your card was declined.',
    });
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect(
      (
        await deliver(
          intentEvent('payment_intent.payment_failed', {
            id: 'pi_order',
            amount: 25000,
            currency: 'usd',
            orderId: order._id,
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({
      status: 'paid',
      transactionId: 'pi_order',
      paymentFailure: null,
    });
  });

  it('money for a cancelled order is flagged for an admin, never lost', async () => {
    const order = await placeOrder();
    expect((await asAna.delete(`/user/${order._id}`)).statusCode).toBe(200);
    const event = intentEvent('payment_intent.succeeded', {
      id: 'pi_late',
      amount: 25000,
      currency: 'usd',
      orderId: order._id,
    });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled' });
    const [flagged] = await t.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(flagged).toMatchObject({ status: 'flagged', reference: 'pi_late' });
    expect(flagged?.failureReason).toMatch(/refund/);
  });

  it('test cards are refused in Stripe mode, and the config names Stripe', async () => {
    const order = await placeOrder();
    const response = await asAna.post(`/payment/${order._id}`, {
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      nameOnCard: 'Ana',
    });
    expectProblem(response, 404, 'not_found');
    expect((await client(t.app).get('/config')).json().payments).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_toolyard',
    });
  });
});
