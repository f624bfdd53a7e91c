import { and, eq, sql } from 'drizzle-orm';
import { formatMoney } from '../../../contract/money.ts';
import { formatOrderNumber } from '../../../contract/orders.ts';
import {
  earliestPaymentDay,
  type InvoiceBalance,
  type RecordPaymentBody,
  type RecordPayoutBody,
} from '../../../contract/payment-terms.ts';
import type { Db, Tx } from '../../db/client.ts';
import { invoicePayments, orders } from '../../db/schema.ts';
import { conflict, fieldError, idempotencyKeyReused, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import { creditedAmount, paidOnAccount } from '../orders/index.ts';

/** An invoiced order on account, not cancelled, locked until the transaction ends. */
async function lockedInvoiceOnAccount(tx: Tx, orderId: string) {
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
  return order;
}

/** A statement lists money on the day it moved: never before its invoice existed. */
function refuseBeforeInvoice(
  order: { invoicedAt: Date | null; createdAt: Date },
  field: 'receivedOn' | 'paidOn',
  day: string,
  after: string,
): void {
  const earliest = earliestPaymentDay(order.invoicedAt ?? order.createdAt);
  if (day < earliest) {
    throw fieldError(
      field,
      `Must be ${earliest} or later: the invoice was issued that day, and ${after}.`,
    );
  }
}

/**
 * What an invoice's money adds up to: `paid` is the payments received less the payouts, credit
 * notes lower what is owed (decision 063), and what was paid beyond that is owed to the buyer.
 */
export function invoiceBalance(
  order: { id: string; totalAmount: number },
  paid: number,
  credited: number,
  settledAt: Date | null,
): InvoiceBalance {
  return {
    orderId: order.id,
    total: order.totalAmount,
    paid,
    left: Math.max(order.totalAmount - credited - paid, 0),
    owedToBuyer: Math.max(paid + credited - order.totalAmount, 0),
    settledAt: settledAt?.toISOString() ?? null,
  };
}

/**
 * What an earlier request with the same Idempotency-Key recorded on the order, read under the
 * order's lock: true when it was this very movement (nothing is recorded again), a 422 when the key
 * named another one, false when the key is new.
 */
async function isRecordedAlready(
  tx: Tx,
  orderId: string,
  key: string | undefined,
  movement: { kind: 'received' | 'payout'; amount: number; receivedOn: string; reference: string },
): Promise<boolean> {
  if (!key) return false;
  const [earlier] = await tx
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.orderId, orderId), eq(invoicePayments.idempotencyKey, key)));
  if (!earlier) return false;
  const isSame =
    earlier.kind === movement.kind &&
    earlier.amount === movement.amount &&
    earlier.receivedOn === movement.receivedOn &&
    earlier.reference === movement.reference;
  if (isSame) return true;
  throw idempotencyKeyReused(
    'recorded another payment or payout of this order',
    'another payment or payout',
  );
}

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
  idempotencyKey?: string,
): Promise<InvoiceBalance> {
  return db.transaction(async (tx) => {
    const order = await lockedInvoiceOnAccount(tx, orderId);
    const movement = { kind: 'received' as const, ...body };
    if (await isRecordedAlready(tx, orderId, idempotencyKey, movement)) {
      const paid = await paidOnAccount(tx, orderId);
      return invoiceBalance(order, paid, await creditedAmount(tx, orderId), order.settledAt);
    }
    refuseBeforeInvoice(order, 'receivedOn', body.receivedOn, 'a payment for it arrives after');
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
    await tx.insert(invoicePayments).values({
      orderId,
      ...body,
      recordedBy: admin.id,
      idempotencyKey: idempotencyKey ?? null,
    });
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
    return invoiceBalance(order, paid, credited, settledAt);
  });
}

/**
 * Records money paid back to the buyer of an order on account who paid more than its credit notes
 * left due (decision 063), under the order's lock as a payment is: two admins recording at once
 * can never pay back more than the buyer was owed. It stays settled: what was paid, net, still
 * covers what is due.
 */
export async function recordPayout(
  db: Db,
  admin: SessionUser,
  orderId: string,
  body: RecordPayoutBody,
  currency: string,
  idempotencyKey?: string,
): Promise<InvoiceBalance> {
  return db.transaction(async (tx) => {
    const order = await lockedInvoiceOnAccount(tx, orderId);
    const movement = {
      kind: 'payout' as const,
      amount: -body.amount,
      receivedOn: body.paidOn,
      reference: body.reference,
    };
    if (await isRecordedAlready(tx, orderId, idempotencyKey, movement)) {
      const paid = await paidOnAccount(tx, orderId);
      return invoiceBalance(order, paid, await creditedAmount(tx, orderId), order.settledAt);
    }
    refuseBeforeInvoice(order, 'paidOn', body.paidOn, 'money paid back for it leaves after');
    const before = await paidOnAccount(tx, orderId);
    const credited = await creditedAmount(tx, orderId);
    const owed = Math.max(before + credited - order.totalAmount, 0);
    if (body.amount > owed) {
      throw conflict(
        'payout_exceeds_owed',
        owed === 0
          ? 'The store owes this buyer nothing on this order: they have not paid more than is due after its credit notes.'
          : `The store owes this buyer ${formatMoney(owed, currency)} on this order, less than ${formatMoney(body.amount, currency)}: pay back at most that.`,
      );
    }
    await tx.insert(invoicePayments).values({
      orderId,
      kind: 'payout',
      amount: -body.amount,
      receivedOn: body.paidOn,
      reference: body.reference,
      recordedBy: admin.id,
      idempotencyKey: idempotencyKey ?? null,
    });
    await recordAudit(tx, admin, {
      action: 'order.payout_recorded',
      target: { type: 'order', id: orderId, label: formatOrderNumber(order.number) },
      details: { ...body },
    });
    return invoiceBalance(order, before - body.amount, credited, order.settledAt);
  });
}
