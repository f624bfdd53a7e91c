import { eq, sql } from 'drizzle-orm';
import { formatMoney } from '../../../contract/money.ts';
import type { NoteRefundBody } from '../../../contract/order-refunds.ts';
import { formatOrderNumber, type Order } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { orderRefunds, orders } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import type { OrderEvents } from './order-events.ts';
import { asOrder } from './orders.repo.ts';

/**
 * Notes a refund on a paid or shipped order, in one transaction: the order's row stays locked
 * while the refunds so far are added up, so two admins noting refunds at once cannot together
 * refund more than the total. Recorded in the audit log with the amount and the note.
 */
export async function noteRefund(
  db: Db,
  events: OrderEvents,
  admin: SessionUser,
  id: string,
  refund: NoteRefundBody,
): Promise<Order> {
  return events.transaction(db, async (tx, happened) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw notFound('This order does not exist.');
    if (order.status !== 'paid' && order.status !== 'shipped') {
      throw conflict(
        'order_not_refundable',
        order.status === 'unpaid'
          ? 'This order is not paid yet, so there is nothing to refund; cancel it instead.'
          : 'This order was cancelled before it was paid, so there is nothing to refund.',
      );
    }
    const [sum] = await tx
      .select({ refunded: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, id));
    const refunded = sum?.refunded ?? 0;
    const left = order.totalAmount - refunded;
    if (refund.amount > left) {
      throw conflict(
        'refund_exceeds_total',
        left === 0
          ? `This order's whole total of ${formatMoney(order.totalAmount, order.currency)} is already refunded.`
          : `At most ${formatMoney(left, order.currency)} of this order is left to refund (${formatMoney(refunded, order.currency)} of ${formatMoney(order.totalAmount, order.currency)} already is).`,
      );
    }
    await tx
      .insert(orderRefunds)
      .values({ orderId: id, amount: refund.amount, note: refund.note, recordedBy: admin.id });
    await recordAudit(tx, admin, {
      action: 'order.refund_noted',
      target: { type: 'order', id, label: formatOrderNumber(order.number) },
      details: { amount: refund.amount, currency: order.currency, note: refund.note },
    });
    happened('refunded', order.userId);
    return asOrder(tx, order);
  });
}
