import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BillingTestApp, buildBillingTestApp } from '../../testing/billing-test-app.ts';
import { client, expectProblem } from '../../testing/http.ts';
import { testConfig } from '../../testing/test-app.ts';

/** Shipping, changing parcels and cancelling count against the caller's writes, as the store's other writes do. */

let billing: BillingTestApp;
beforeAll(async () => {
  billing = await buildBillingTestApp({
    rateLimits: {
      ...testConfig.rateLimits,
      enabled: true,
      writesPerUser: { limit: 2, windowMs: 60_000 },
    },
  });
});
afterAll(() => billing.close());

it("counts shipping and each change of parcels against the admin's writes", async () => {
  const paid = await billing.pay(await billing.placeOrder());
  const asAdmin = client(billing.t.app, billing.admin);
  const parcels = (trackingNumber: string) => ({ parcels: [{ carrier: 'DHL', trackingNumber }] });
  const shipped = await asAdmin.put(`/order/${paid._id}`, { status: 'shipped', ...parcels('1') });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const changed = await asAdmin.put(`/orders/${paid._id}/shipments`, parcels('2'));
  expect(changed.statusCode, changed.body).toBe(200);
  const refused = await asAdmin.put(`/orders/${paid._id}/shipments`, parcels('3'));
  expectProblem(refused, 429, 'rate_limited');
  expect(refused.headers['retry-after']).toBeDefined();
});

it("counts cancelling an order against the caller's writes, and a refused cancel changes nothing", async () => {
  const buyer = await billing.t.signUp();
  const first = await billing.placeOrder(buyer);
  await billing.placeOrder(buyer);
  // Two orders placed: the limit of two writes a minute is reached.
  const refused = await client(billing.t.app, buyer).delete(`/user/${first._id}`);
  expectProblem(refused, 429, 'rate_limited');
  const order = await client(billing.t.app, buyer).get(`/orders/${first._id}`);
  expect(order.json().status).toBe('unpaid');
});
