import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Order } from '../../contract/orders.ts';
import { orders } from '../db/schema.ts';
import { client } from './http.ts';
import { placeOneLineOrder } from './shop-test-app.ts';
import { startStripeStandIn } from './stripe-stand-in.ts';
import { buildTestApp } from './test-app.ts';

/** The secret the store checks Stripe's webhook signatures with, in these tests. */
export const webhookSecret = 'whsec_test_toolyard_secret';

/**
 * The real app in Stripe mode, its API calls going to a stand-in for Stripe's servers, with one
 * customer (Ana) whose $250.00 orders are paid through it.
 */
export async function buildStripeTestApp() {
  const stripeApi = await startStripeStandIn();
  const t = await buildTestApp({
    stripe: {
      secretKey: 'sk_test_toolyard',
      publishableKey: 'pk_test_toolyard',
      webhookSecret,
      apiBase: stripeApi.url,
    },
  });
  const ana = await t.signUp({ name: 'Ana Stripe' });
  const asAna = client(t.app, ana);
  return {
    stripeApi,
    t,
    ana,
    asAna,
    /** Ten units at $25.00, placed by Ana. */
    async placeOrder(): Promise<Order> {
      const tool = await t.addTool({ quantity: 1000, minimumOrder: 10, price: 2500 });
      return placeOneLineOrder(t, ana, tool.id);
    },
    /** Sends Stripe's webhook a signed event of this type about this object. */
    deliver(type: string, object: unknown) {
      const payload = JSON.stringify({
        id: `evt_${randomUUID().replaceAll('-', '')}`,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: webhookSecret,
          }),
        },
        payload,
      });
    },
    async orderRow(id: string) {
      const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
      return row;
    },
    async close() {
      await t.close();
      await stripeApi.close();
    },
  };
}

export type StripeTestApp = Awaited<ReturnType<typeof buildStripeTestApp>>;
