import { asc, eq, inArray } from 'drizzle-orm';
import { type Shipment, trackingUrl } from '../../../contract/shipments.ts';
import type { Tx } from '../../db/client.ts';
import { orderShipments, type orders } from '../../db/schema.ts';

type OrderRow = typeof orders.$inferSelect;

/** The parcels of shipped orders (decision 062): one row each, numbered from 1. */

export interface ParcelRow {
  carrier: string | null;
  trackingNumber: string | null;
}

/**
 * An order shipped before parcels were recorded (decision 062) kept its carrier and tracking
 * number on its own row: they are its one parcel.
 */
export function shippedBeforeParcels(
  row: Pick<OrderRow, 'carrier' | 'trackingNumber' | 'shippedAt' | 'updatedAt'>,
): Shipment[] {
  if (row.carrier === null && row.trackingNumber === null) return [];
  return [
    {
      parcel: 1,
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
      trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
      updatedAt: (row.shippedAt ?? row.updatedAt).toISOString(),
    },
  ];
}

/** The parcels of these orders, first to last, by order id. */
export async function shipmentsOf(tx: Tx, orderIds: string[]): Promise<Map<string, Shipment[]>> {
  const byOrder = new Map<string, Shipment[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await tx
    .select()
    .from(orderShipments)
    .where(inArray(orderShipments.orderId, orderIds))
    .orderBy(asc(orderShipments.orderId), asc(orderShipments.position));
  for (const row of rows) {
    byOrder.get(row.orderId)?.push({
      parcel: row.position,
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
      trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
  return byOrder;
}

/** The order's parcels become these (the caller holds the order's lock). */
export async function replaceShipments(
  tx: Tx,
  orderId: string,
  parcels: readonly ParcelRow[],
): Promise<void> {
  await tx.delete(orderShipments).where(eq(orderShipments.orderId, orderId));
  if (parcels.length === 0) return;
  await tx
    .insert(orderShipments)
    .values(parcels.map((parcel, index) => ({ orderId, position: index + 1, ...parcel })));
}
