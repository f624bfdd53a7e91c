import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, OrderSchema } from '../../../contract/orders.ts';
import { type BillingTestApp, buildBillingTestApp } from '../../testing/billing-test-app.ts';
import { client, expectFieldError, expectProblem } from '../../testing/http.ts';

/**
 * What follows a payment: the receipt, finding the order by its number or its invoice's, and
 * shipping it with the carrier and tracking number the customer is told.
 */

let billing: BillingTestApp;
beforeAll(async () => {
  billing = await buildBillingTestApp();
});
afterAll(() => billing.close());

describe('finding an order by its number', () => {
  it('takes TY-10042, 10042 or the invoice number INV-000042, for admins', async () => {
    const paid = await billing.pay(await billing.placeOrder());
    const asAdmin = client(billing.t.app, billing.admin);
    for (const q of [
      paid.number,
      paid.number.slice(3),
      paid.number.toLowerCase(),
      paid.invoice?.number,
    ]) {
      const response = await asAdmin.get(`/orderlist?q=${encodeURIComponent(q ?? '')}`);
      expect(response.statusCode, `${q}`).toBe(200);
      expect(
        (response.json() as Order[]).map((order) => order._id),
        `${q}`,
      ).toEqual([paid._id]);
    }
    expect((await asAdmin.get('/orderlist?q=TY-999999999')).json()).toEqual([]);
    expect((await asAdmin.get('/orderlist?q=999999999999999')).json()).toEqual([]);
    // Other text searches names, emails and products (order-list.test.ts); nothing matches this.
    expect((await asAdmin.get('/orderlist?q=drop%20table')).json()).toEqual([]);
    expectFieldError(await asAdmin.get('/orderlist?q=TY%00-1'), 'q', 'query');
    expectProblem(
      await client(billing.t.app, billing.buyer).get(`/orderlist?q=${paid.number}`),
      403,
      'forbidden',
    );
  });
});

describe('shipping an order', () => {
  it('records the carrier and tracking number, and tells the customer', async () => {
    const paid = await billing.pay(await billing.placeOrder());
    const asAdmin = client(billing.t.app, billing.admin);
    expectFieldError(
      await asAdmin.put(`/order/${paid._id}`, { status: 'shipped', carrier: 'x'.repeat(65) }),
      'carrier',
    );
    expectFieldError(
      await asAdmin.put(`/order/${paid._id}`, { status: 'shipped', trackingNumber: 'a\u0000b' }),
      'trackingNumber',
    );
    const shipped = await asAdmin.put(`/order/${paid._id}`, {
      status: 'shipped',
      carrier: 'DHL Express',
      trackingNumber: 'JD014600006281230',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const order = OrderSchema.parse(
      (await client(billing.t.app, billing.buyer).get(`/orders/${paid._id}`)).json(),
    );
    expect(order).toMatchObject({
      status: 'shipped',
      carrier: 'DHL Express',
      trackingNumber: 'JD014600006281230',
      shippedAt: expect.any(String),
    });
    // Sent after the answer, never in its way: wait for the queue.
    await billing.t.app.mailer.drain();
    const mail = billing.t.sentMail.find(
      (sent) =>
        sent.to === billing.buyer.email && sent.subject === `Order ${paid.number} has shipped`,
    );
    expect(mail?.text).toContain('Your parcel: DHL Express, tracking number JD014600006281230.');
    expect(mail?.text).toContain(
      'Track DHL Express JD014600006281230: https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD014600006281230',
    );
    expect(mail?.text).toContain(`/dashboard/orders/${paid._id}`);
  });

  it('the receipt links the order page and the invoice', async () => {
    const paid = await billing.pay(await billing.placeOrder());
    await billing.t.app.mailer.drain();
    const receipt = billing.t.sentMail.find(
      (sent) => sent.subject === `Payment received for order ${paid.number}`,
    );
    expect(receipt?.text).toContain(
      `Download invoice ${paid.invoice?.number} (PDF): http://localhost:3000/api/orders/${paid._id}/invoice.pdf`,
    );
    expect(receipt?.html).toContain(`/api/orders/${paid._id}/invoice.pdf`);
  });
});
