import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { invoicePayments, orderRefunds, orders } from '../../db/schema.ts';
import type { OrderRow } from './orders.repo.ts';

/** What the credit notes of an order come to (refunds that succeeded and issued one). */
export async function creditedAmount(tx: Tx, orderId: string): Promise<number> {
  const [sum] = await tx
    .select({ credited: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.status, 'succeeded'),
        isNotNull(orderRefunds.creditNoteNumber),
      ),
    );
  return sum?.credited ?? 0;
}

/**
 * A credit note lowers what an order on account owes (decision 063): once the payments received
 * and the credit notes reach its total, it is settled, in the transaction that issued the note.
 */
export async function settleIfCredited(tx: Tx, order: OrderRow): Promise<void> {
  if (order.paymentMethod !== 'account' || order.settledAt !== null) return;
  const [sum] = await tx
    .select({ paid: sql<number>`coalesce(sum(${invoicePayments.amount}), 0)::int` })
    .from(invoicePayments)
    .where(eq(invoicePayments.orderId, order.id));
  const covered = (sum?.paid ?? 0) + (await creditedAmount(tx, order.id));
  if (covered < order.totalAmount) return;
  await tx
    .update(orders)
    .set({ settledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), isNull(orders.settledAt)));
}
