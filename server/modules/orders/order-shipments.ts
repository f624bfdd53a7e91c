import { and, eq } from 'drizzle-orm';
import type { Order, ShipOrderBody } from '../../../contract/orders.ts';
import type { UpdateShipmentsBody } from '../../../contract/shipments.ts';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import { shipmentUpdatedEmail } from './order-emails.ts';
import type { Happened } from './order-events.ts';
import type { Lifecycle } from './order-lifecycle.ts';
import { asOrder, findOrder } from './orders.repo.ts';
import {
  type ParcelRow,
  replaceShipments,
  shipmentsOf,
  shippedBeforeParcels,
} from './shipments.repo.ts';

/**
 * The parcels of a shipped order (decision 062): what shipping records and what an admin changes
 * afterwards, a tracking number on each unless the admin ticked "no tracking" (the contract's
 * schemas refuse the rest).
 */

/** The parcels a ship or update body names: `parcels`, one parcel, or none ("no tracking"). */
export function parcelsOf(
  body: Pick<ShipOrderBody, 'carrier' | 'trackingNumber' | 'parcels'>,
): ParcelRow[] {
  if (body.parcels) {
    return body.parcels.map((parcel) => ({
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingNumber ?? null,
    }));
  }
  if (body.carrier === undefined) return [];
  return [{ carrier: body.carrier, trackingNumber: body.trackingNumber ?? null }];
}

/** What the audit log keeps of the parcels. */
export const parcelDetails = (parcels: readonly ParcelRow[]) => ({
  parcels: parcels.map((parcel) => ({ ...parcel })),
  carrier: parcels[0]?.carrier ?? null,
  trackingNumber: parcels[0]?.trackingNumber ?? null,
});

/** Whether two lists of parcels show the buyer the same carriers and tracking numbers, in order. */
function sameParcels(shown: readonly ParcelRow[], given: readonly ParcelRow[]): boolean {
  return (
    shown.length === given.length &&
    shown.every(
      (parcel, index) =>
        parcel.carrier === given[index]?.carrier &&
        parcel.trackingNumber === given[index]?.trackingNumber,
    )
  );
}

/**
 * A shipped order's parcels become those given (a tracking number added later, a parcel more), the
 * first naming the order's carrier; audited, and the buyer is emailed the tracking links again.
 * Parcels the buyer already sees (an admin saving the form unchanged, a retried request) change
 * nothing: no rewrite, no audit entry, no second email.
 */
export async function updateShipments(
  tx: Tx,
  life: Lifecycle & { happened: Happened },
  admin: SessionUser,
  id: string,
  body: UpdateShipmentsBody,
): Promise<Order | undefined> {
  const parcels = parcelsOf(body);
  const [locked] = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  if (!locked) return undefined;
  if (locked.status !== 'shipped') {
    throw conflict(
      'order_not_shipped',
      `Parcels and tracking numbers are kept for shipped orders; this order is ${locked.status}. Ship it first.`,
    );
  }
  const before = await findOrder(tx, id);
  if (!before) return undefined;
  const shown = (await shipmentsOf(tx, [id])).get(id) ?? [];
  if (sameParcels(shown.length > 0 ? shown : shippedBeforeParcels(before), parcels)) {
    return asOrder(tx, before);
  }
  await replaceShipments(tx, id, parcels);
  await tx
    .update(orders)
    .set({
      carrier: parcels[0]?.carrier ?? null,
      trackingNumber: parcels[0]?.trackingNumber ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, id), eq(orders.status, 'shipped')));
  const row = await findOrder(tx, id);
  if (!row) return undefined;
  life.happened('tracking_changed', row.userId);
  const order = await asOrder(tx, row);
  await recordAudit(tx, admin, {
    action: 'order.shipments_updated',
    target: { type: 'order', id, label: order.number },
    details: parcelDetails(parcels),
  });
  await life.mailer.enqueue(
    { kind: 'order_tracking_updated', to: order.email, ...shipmentUpdatedEmail(life, order) },
    tx,
  );
  return order;
}
