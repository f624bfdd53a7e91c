import { eq, sql } from 'drizzle-orm';
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

/** Remembers the order's one PaymentIntent; keeps the first if two requests raced. */
export async function setPaymentIntent(
  tx: Tx,
  orderId: string,
  paymentIntentId: string,
): Promise<string> {
  const [row] = await tx
    .update(orders)
    .set({
      paymentIntentId: sql`coalesce(${orders.paymentIntentId}, ${paymentIntentId})`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId))
    .returning({ paymentIntentId: orders.paymentIntentId });
  return row?.paymentIntentId ?? paymentIntentId;
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
