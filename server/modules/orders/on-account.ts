import { sql } from 'drizzle-orm';
import { formatMoney } from '../../../contract/money.ts';
import type { InvoiceSettings } from '../../config-payments.ts';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import type { PlacementContext } from './placement.repo.ts';

const DAY_MS = 86_400_000;

/** What the payment method makes of an order: its status when it needs no approval, and its invoice. */
export type PaymentFields = {
  paymentMethod: 'card' | 'account';
  invoiceDueAt: Date | null;
  seller: InvoiceSettings['seller'] | null;
};

const BY_CARD: PaymentFields = {
  paymentMethod: 'card',
  invoiceDueAt: null,
  seller: null,
};

/**
 * An order on account (decision 056): allowed only on payment terms, and only while what the buyer
 * owes (read under their lock by toolyard_order_context) plus this order stays within the credit
 * limit; refused otherwise, saying what is left. Its invoice is due `netDays` after it is placed
 * (an order that waits for approval has its due date moved on when it is approved); the invoice
 * number is taken as the order is written (place-order.sql).
 */
export function paymentFieldsOf(
  context: PlacementContext,
  method: 'card' | 'account' | undefined,
  total: number,
  options: { currency: string; invoicing: InvoiceSettings },
): PaymentFields {
  if (method !== 'account') return BY_CARD;
  const { terms } = context;
  if (!terms) {
    throw conflict(
      'no_payment_terms',
      'You have no payment terms, so this order cannot go on account: pay it by card, or ask us for terms.',
    );
  }
  const left = Math.max(0, terms.creditLimit - terms.owed);
  if (total > left) {
    const money = (amount: number) => formatMoney(amount, options.currency);
    throw conflict(
      'credit_limit_exceeded',
      `This order comes to ${money(total)}, but only ${money(left)} of your ${money(terms.creditLimit)} credit limit is left. Nothing was ordered: pay it by card, make it smaller, or settle an open invoice first.`,
    );
  }
  return {
    paymentMethod: 'account',
    invoiceDueAt: new Date(context.now.getTime() + terms.netDays * DAY_MS),
    seller: options.invoicing.seller,
  };
}

/**
 * An order on account that has taken a payment, or been refunded in part, is not cancelled (the
 * money would have to go back, and units returned by a refund would go back to stock twice):
 * refused with a sentence. Its row stays locked until the cancellation commits, so a payment or a
 * refund made meanwhile (which lock it too) waits and then finds it cancelled.
 */
export async function refuseIfPaidOnAccount(tx: Tx, id: string): Promise<void> {
  const locked = await tx.execute<{ paid: number; refunded: number }>(sql`
    select (select count(*) from invoice_payments p where p.order_id = o.id)::int as paid,
      (select count(*) from order_refunds r
        where r.order_id = o.id and r.status <> 'failed')::int as refunded
    from orders o where o.id = ${id} for update of o`);
  const { paid = 0, refunded = 0 } = locked.rows[0] ?? {};
  if (paid > 0) {
    throw conflict(
      'order_not_cancellable',
      'A payment was already recorded for this order on account, so it cannot be cancelled: an admin refunds it instead.',
    );
  }
  if (refunded > 0) {
    throw conflict(
      'order_not_cancellable',
      'Part of this order on account was already refunded, so it cannot be cancelled: an admin refunds the rest instead.',
    );
  }
}
