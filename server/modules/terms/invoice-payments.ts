import { eq, sql } from 'drizzle-orm';
import { formatMoney } from '../../../contract/money.ts';
import { formatOrderNumber } from '../../../contract/orders.ts';
import type { InvoiceBalance, RecordPaymentBody } from '../../../contract/payment-terms.ts';
import type { Db } from '../../db/client.ts';
import { invoicePayments, orders } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import { creditedAmount, paidOnAccount } from '../orders/index.ts';

/**
 * Records a payment received for an order on account (decision 056), in one transaction: the
 * order's row stays locked while its payments are added up, so two admins recording at once can
 * never pay it more than its total; the payment that reaches the total settles it.
 */
export async function recordPayment(
  db: Db,
  admin: SessionUser,
  orderId: string,
  body: RecordPaymentBody,
  currency: string,
): Promise<InvoiceBalance> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('This order does not exist.');
    if (
      order.paymentMethod !== 'account' ||
      order.invoiceNumber === null ||
      order.status === 'cancelled'
    ) {
      throw conflict(
        'not_on_account',
        'This order has no invoice on account to pay: only orders placed on account and confirmed take payments here.',
      );
    }
    const before = await paidOnAccount(tx, orderId);
    // Credit notes lower what is owed (decision 063).
    const credited = await creditedAmount(tx, orderId);
    const left = Math.max(order.totalAmount - credited - before, 0);
    if (body.amount > left) {
      throw conflict(
        'payment_exceeds_balance',
        `Only ${formatMoney(left, currency)} is left to pay on this invoice, less than ${formatMoney(body.amount, currency)}: record at most what is left.`,
      );
    }
    await tx.insert(invoicePayments).values({ orderId, ...body, recordedBy: admin.id });
    const paid = before + body.amount;
    let settledAt = order.settledAt;
    if (paid + credited >= order.totalAmount) {
      const [settled] = await tx
        .update(orders)
        .set({ settledAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId))
        .returning({ settledAt: orders.settledAt });
      settledAt = settled?.settledAt ?? null;
    }
    await recordAudit(tx, admin, {
      action: 'order.payment_recorded',
      target: { type: 'order', id: orderId, label: formatOrderNumber(order.number) },
      details: { ...body },
    });
    return {
      orderId,
      total: order.totalAmount,
      paid,
      left: Math.max(order.totalAmount - credited - paid, 0),
      settledAt: settledAt?.toISOString() ?? null,
    };
  });
}
