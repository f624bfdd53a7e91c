import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, payments, stripeEvents } from '../../db/schema.ts';

export type NewPayment = typeof payments.$inferInsert;

/** Locks the order row for the rest of the transaction: payments and cancels queue behind it. */
export async function lockOrder(tx: Tx, id: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function recordPayment(tx: Tx, values: NewPayment): Promise<void> {
  await tx.insert(payments).values(values).onConflictDoNothing();
}

export async function setPaymentFailure(
  tx: Tx,
  orderId: string,
  reason: string | null,
): Promise<void> {
  await tx
    .update(orders)
    .set({ paymentFailure: reason, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/**
 * Remembers the order's PaymentIntent in place of `replacing` (null for the first, or the id of
 * one cancelled at Stripe). Two requests racing both created the same intent (one idempotency
 * key), so whichever writes first, the row ends the same.
 */
export async function setPaymentIntent(
  tx: Tx,
  orderId: string,
  paymentIntentId: string,
  replacing: string | null,
): Promise<void> {
  await tx
    .update(orders)
    .set({ paymentIntentId, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        replacing === null ? isNull(orders.paymentIntentId) : eq(orders.paymentIntentId, replacing),
      ),
    );
}

/** True the first time an event id is seen (in this transaction's view). */
export async function claimStripeEvent(tx: Tx, id: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}
