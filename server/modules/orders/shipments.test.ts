import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSchema } from '../../../contract/orders.ts';
import { trackingUrl } from '../../../contract/shipments.ts';
import { auditLog } from '../../db/schema.ts';
import { type BillingTestApp, buildBillingTestApp } from '../../testing/billing-test-app.ts';
import { client, expectFieldError, expectProblem, UNKNOWN_ID } from '../../testing/http.ts';

/**
 * Shipping in parcels (decision 062): each with its carrier and tracking number (required unless
 * "no tracking" is ticked), tracking links for carriers we know, changed after shipping.
 */

let billing: BillingTestApp;
beforeAll(async () => {
  billing = await buildBillingTestApp();
});
afterAll(() => billing.close());

const twoParcels = [
  { carrier: 'DHL', trackingNumber: 'JD014600006281230' },
  { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
];

async function mailTo(subject: string) {
  await billing.t.app.mailer.drain();
  return billing.t.sentMail.find(
    (sent) => sent.to === billing.buyer.email && sent.subject === subject,
  );
}

describe('shipping an order', () => {
  it('asks for a tracking number unless "no tracking" is ticked', async () => {
    const paid = await billing.pay(await billing.placeOrder());
    const asAdmin = client(billing.t.app, billing.admin);
    expectFieldError(await asAdmin.put(`/order/${paid._id}`, { status: 'shipped' }), 'parcels');
    expectFieldError(
      await asAdmin.put(`/order/${paid._id}`, { status: 'shipped', carrier: 'DHL' }),
      'trackingNumber',
    );
    expectFieldError(
      await asAdmin.put(`/order/${paid._id}`, {
        status: 'shipped',
        parcels: [{ carrier: 'DHL', trackingNumber: 'JD1' }, { carrier: 'UPS' }],
      }),
      'parcels.1.trackingNumber',
    );
    const untracked = await asAdmin.put(`/order/${paid._id}`, {
      status: 'shipped',
      noTracking: true,
      parcels: [{ carrier: 'Our van' }],
    });
    expect(untracked.statusCode, untracked.body).toBe(200);
    expect(OrderSchema.parse(untracked.json()).shipments).toEqual([
      expect.objectContaining({ parcel: 1, carrier: 'Our van', trackingNumber: null }),
    ]);
  });

  it('ships in two parcels: the buyer sees both with tracking links, and is emailed them', async () => {
    const paid = await billing.pay(await billing.placeOrder());
    const asAdmin = client(billing.t.app, billing.admin);
    const shipped = await asAdmin.put(`/order/${paid._id}`, {
      status: 'shipped',
      parcels: twoParcels,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const read = OrderSchema.parse(
      (await client(billing.t.app, billing.buyer).get(`/orders/${paid._id}`)).json(),
    );
    expect(read).toMatchObject({ carrier: 'DHL', trackingNumber: 'JD014600006281230' });
    expect(read.shipments).toEqual([
      expect.objectContaining({
        parcel: 1,
        ...twoParcels[0],
        trackingUrl:
          'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD014600006281230',
      }),
      expect.objectContaining({
        parcel: 2,
        ...twoParcels[1],
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      }),
    ]);
    const mail = await mailTo(`Order ${paid.number} has shipped`);
    expect(mail?.text).toContain('Parcel 1 of 2: DHL, tracking number JD014600006281230.');
    expect(mail?.text).toContain('Parcel 2 of 2: UPS, tracking number 1Z999AA10123456784.');
    expect(mail?.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    const [entry] = await billing.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, paid._id), eq(auditLog.action, 'order.shipped')));
    expect(entry?.details).toMatchObject({ parcels: twoParcels, noTracking: false });
  });
});

describe('changing the parcels after shipping', () => {
  it('replaces them, audited, and emails the buyer the new tracking', async () => {
    const paid = await billing.pay(await billing.placeOrder());
    const asAdmin = client(billing.t.app, billing.admin);
    expectProblem(
      await asAdmin.put(`/orders/${paid._id}/shipments`, { parcels: twoParcels }),
      409,
      'order_not_shipped',
    );
    await asAdmin.put(`/order/${paid._id}`, { status: 'shipped', noTracking: true });
    expectFieldError(await asAdmin.put(`/orders/${paid._id}/shipments`, {}), 'parcels');
    const changed = await asAdmin.put(`/orders/${paid._id}/shipments`, { parcels: twoParcels });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(OrderSchema.parse(changed.json()).shipments.map((parcel) => parcel.carrier)).toEqual([
      'DHL',
      'UPS',
    ]);
    const mail = await mailTo(`Tracking for order ${paid.number}`);
    expect(mail?.text).toContain('It is in 2 parcels:');
    expect(mail?.text).toContain('Track UPS 1Z999AA10123456784');
    const [entry] = await billing.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, paid._id), eq(auditLog.action, 'order.shipments_updated')));
    expect(entry?.details).toMatchObject({ parcels: twoParcels });
    // Saved again as they are, the parcels change nothing: no second email, no audit entry.
    const again = await asAdmin.put(`/orders/${paid._id}/shipments`, { parcels: twoParcels });
    expect(again.statusCode, again.body).toBe(200);
    expect(OrderSchema.parse(again.json()).shipments).toEqual(
      OrderSchema.parse(changed.json()).shipments,
    );
    const trackingMails = async () => {
      await billing.t.app.mailer.drain();
      return billing.t.sentMail.filter(
        (sent) =>
          sent.to === billing.buyer.email && sent.subject === `Tracking for order ${paid.number}`,
      ).length;
    };
    const updates = () =>
      billing.t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.targetId, paid._id), eq(auditLog.action, 'order.shipments_updated')),
        );
    expect(await trackingMails()).toBe(1);
    expect(await updates()).toHaveLength(1);
    // A tracking number the buyer sees changes: they are told.
    const [dhl, ups] = twoParcels;
    const renumbered = [dhl, { ...ups, trackingNumber: '1Z999AA10123456785' }];
    await asAdmin.put(`/orders/${paid._id}/shipments`, { parcels: renumbered });
    expect(await trackingMails()).toBe(2);
    expect(await updates()).toHaveLength(2);
    expectProblem(
      await asAdmin.put(`/orders/${UNKNOWN_ID}/shipments`, { parcels: twoParcels }),
      404,
      'not_found',
    );
    expectProblem(
      await client(billing.t.app, billing.buyer).put(`/orders/${paid._id}/shipments`, {
        parcels: twoParcels,
      }),
      403,
      'forbidden',
    );
  });
});

describe('tracking links', () => {
  it('link the carriers we know, however they are written, and no others', () => {
    expect(trackingUrl('Royal Mail Tracked 24', 'AB 123')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB%20123',
    );
    expect(trackingUrl('fedex', '1234')).toBe('https://www.fedex.com/fedextrack/?trknbr=1234');
    expect(trackingUrl('DPD Local', '15501')).toBe('https://track.dpd.co.uk/parcels/15501');
    expect(trackingUrl('Hermes', '1234')).toBeNull();
    expect(trackingUrl('DHL', null)).toBeNull();
  });
});
