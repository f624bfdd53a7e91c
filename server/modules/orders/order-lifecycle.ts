import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Order, OrderStatus } from '../../../contract/orders.ts';
import { includedTax } from '../../../contract/tax-prices.ts';
import type { InvoiceSettings } from '../../config-payments.ts';
import type { Tx } from '../../db/client.ts';
import { orderLines, orders, tools } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { approvedEmail, rejectedEmail } from './approval-emails.ts';
import {
  cancellationEmail,
  paymentReceiptEmail,
  type StoreInfo,
  shippedEmail,
} from './order-emails.ts';
import type { Happened } from './order-events.ts';
import {
  asOrder,
  asOrders,
  lockOrderIn,
  nextInvoiceNumber,
  type OrderRow,
  taxOf,
  transition,
} from './orders.repo.ts';
import { type ParcelRow, replaceShipments } from './shipments.repo.ts';

/**
 * Every change of an order's status, in one place: paying, shipping, cancelling (by the customer,
 * an admin or the payment window) and the stock that goes back with a cancellation. Each runs in
 * its caller's transaction, queues the customer's email there, so the email exists exactly when
 * the change does, and records what happened, which is announced once the transaction commits
 * (order-events.ts). Payments and the payment-window job call these; nothing else writes `status`.
 */
export interface Lifecycle extends StoreInfo {
  mailer: Mailer;
  invoicing: InvoiceSettings;
}

export type CancelReason = 'customer' | 'admin' | 'payment_window';

/**
 * unpaid → paid with the provider's transaction id, and the order's invoice issued: the next
 * invoice number, the tax its total includes and the seller as configured now. Undefined when it
 * was no longer unpaid (and then no invoice number is used).
 */
export async function payOrder(
  tx: Tx,
  happened: Happened,
  life: Lifecycle,
  orderId: string,
  transactionId: string,
  /** "Visa ending in 4242" for the receipt, when known. */
  card: string | null,
): Promise<Order | undefined> {
  const unpaid = await lockOrderIn(tx, orderId, 'unpaid');
  if (!unpaid) return undefined;
  const { taxRateBasisPoints, seller } = life.invoicing;
  // The tax was decided when the order was placed (decision 064); an order placed before that is
  // invoiced at the store's rate, as it always was.
  const tax =
    unpaid.taxTreatment === null
      ? {
          taxRateBasisPoints,
          taxAmount: includedTax(unpaid.totalAmount, taxRateBasisPoints),
          taxTreatment: 'taxed' as const,
        }
      : {};
  const paid = await transition(tx, orderId, 'unpaid', 'paid', {
    transactionId,
    paymentFailure: null,
    invoiceNumber: await nextInvoiceNumber(tx),
    invoicedAt: sql`now()`,
    ...tax,
    seller,
  });
  if (!paid) return undefined;
  happened('paid', paid.userId);
  const order = await asOrder(tx, paid);
  const receipt = paymentReceiptEmail(life, order, card);
  await life.mailer.enqueue({ kind: 'payment_receipt', to: order.email, ...receipt }, tx);
  return order;
}

/**
 * paid (or on account) → shipped, with the carrier and tracking number when given; undefined when
 * it was neither.
 */
export async function shipOrder(
  tx: Tx,
  happened: Happened,
  life: Lifecycle,
  orderId: string,
  /** Its parcels (order-shipments.ts parcelsOf); the first also names the order's carrier. */
  parcels: readonly ParcelRow[],
): Promise<Order | undefined> {
  const shipped = await transition(tx, orderId, ['paid', 'on_account'], 'shipped', {
    carrier: parcels[0]?.carrier ?? null,
    trackingNumber: parcels[0]?.trackingNumber ?? null,
  });
  if (!shipped) return undefined;
  happened('shipped', shipped.userId);
  await replaceShipments(tx, orderId, parcels);
  const order = await asOrder(tx, shipped);
  await life.mailer.enqueue(
    { kind: 'order_shipped', to: order.email, ...shippedEmail(life, order) },
    tx,
  );
  return order;
}

/** Statuses whose orders hold stock and can still be cancelled: unpaid, or awaiting approval. */
const HOLDING: readonly OrderStatus[] = ['unpaid', 'awaiting_approval'];
/**
 * What a buyer or an admin may cancel: an order holding stock, or one on account not yet shipped
 * (its invoice then owes nothing and the credit it used is free again, decision 061). The payment
 * window never cancels an order on account.
 */
const CANCELLABLE: readonly OrderStatus[] = [...HOLDING, 'on_account'];

/**
 * unpaid, awaiting approval or on account → cancelled, every line's units back in stock;
 * undefined when it was none of them any more. The customer is told, also when they cancelled it
 * themselves (a record of it, for them and whoever at their company reads that mailbox).
 */
export async function cancelOrder(
  tx: Tx,
  happened: Happened,
  life: Lifecycle,
  orderId: string,
  reason: Exclude<CancelReason, 'payment_window'>,
): Promise<Order | undefined> {
  const cancelled = await transition(tx, orderId, CANCELLABLE, 'cancelled', {
    cancelReason: reason,
  });
  if (!cancelled) return undefined;
  return (await afterCancelling(tx, happened, life, [cancelled], reason))[0];
}

/**
 * Cancels unpaid orders past their payment deadline, `batch` at most, oldest deadline first. Rows
 * are claimed with SKIP LOCKED and changed only while still unpaid, so with several instances
 * running each order is cancelled (its stock returned, its customer told) exactly once.
 */
export async function cancelOverdueOrders(
  tx: Tx,
  happened: Happened,
  life: Lifecycle,
  batch: number,
): Promise<Order[]> {
  const due = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, HOLDING), lt(orders.paymentDueAt, sql`now()`)))
    .orderBy(asc(orders.paymentDueAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  const cancelled = await tx
    .update(orders)
    .set({
      status: 'cancelled',
      cancelReason: 'payment_window',
      cancelledAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        inArray(
          orders.id,
          due.map((row) => row.id),
        ),
        inArray(orders.status, HOLDING),
      ),
    )
    .returning();
  return afterCancelling(tx, happened, life, cancelled, 'payment_window');
}

/**
 * awaiting approval → unpaid, approved by `approverId`: the buyer may pay now, and has a whole
 * payment window from now to do it. An order on account becomes on_account instead, invoiced now
 * and due its net days from now (decision 056). Undefined when it no longer waited.
 */
export async function approveOrder(
  tx: Tx,
  happened: Happened,
  life: Lifecycle & { paymentWindowMs: number },
  orderId: string,
  approverId: string,
): Promise<Order | undefined> {
  const waiting = await lockOrderIn(tx, orderId, 'awaiting_approval');
  if (!waiting) return undefined;
  const decided = { approvedAt: sql`now()`, approvedBy: approverId };
  const approved =
    waiting.paymentMethod === 'account'
      ? await transition(tx, orderId, 'awaiting_approval', 'on_account', {
          ...decided,
          invoiceNumber: await nextInvoiceNumber(tx),
          invoicedAt: sql`now()`,
          // The same net days as the order was placed with, from now.
          invoiceDueAt: sql`now() + (${orders.invoiceDueAt} - ${orders.createdAt})`,
        })
      : await transition(tx, orderId, 'awaiting_approval', 'unpaid', {
          ...decided,
          // In seconds (a double): the window in milliseconds may pass an int's range (90 days)
          // or not be whole (PAYMENT_WINDOW_HOURS=1.1).
          paymentDueAt: sql`now() + make_interval(secs => ${life.paymentWindowMs / 1000})`,
        });
  if (!approved) return undefined;
  happened('approved', approved.userId);
  const order = await asOrder(tx, approved);
  await life.mailer.enqueue(
    { kind: 'order_approved', to: order.email, ...approvedEmail(life, order, taxOf(approved)) },
    tx,
  );
  return order;
}

/**
 * awaiting approval → rejected by `rejecterId` for `reason`, every line's units back in stock,
 * the buyer told. Undefined when it no longer waited.
 */
export async function rejectOrder(
  tx: Tx,
  happened: Happened,
  life: Lifecycle,
  orderId: string,
  rejecterId: string,
  reason: string,
): Promise<Order | undefined> {
  const rejected = await transition(tx, orderId, 'awaiting_approval', 'rejected', {
    rejectedAt: sql`now()`,
    rejectedBy: rejecterId,
    rejectionReason: reason,
  });
  if (!rejected) return undefined;
  happened('rejected', rejected.userId);
  await returnStock(tx, [rejected]);
  const order = await asOrder(tx, rejected);
  await life.mailer.enqueue(
    { kind: 'order_rejected', to: order.email, ...rejectedEmail(life, order) },
    tx,
  );
  return order;
}

/** Returns the stock of cancelled orders (tool by tool, in id order) and tells their customers. */
async function afterCancelling(
  tx: Tx,
  happened: Happened,
  life: Lifecycle,
  cancelled: OrderRow[],
  reason: CancelReason,
): Promise<Order[]> {
  if (cancelled.length === 0) return [];
  for (const row of cancelled) happened('cancelled', row.userId);
  await returnStock(tx, cancelled);
  const found = await asOrders(tx, cancelled);
  for (const order of found) {
    const notice = cancellationEmail(life, order, reason);
    await life.mailer.enqueue({ kind: 'order_cancelled', to: order.email, ...notice }, tx);
  }
  return found;
}

/** Puts the units of these orders' lines back in stock, tool by tool in id order. */
async function returnStock(tx: Tx, ended: OrderRow[]): Promise<void> {
  const returned = await tx
    .select({ toolId: orderLines.toolId, units: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        ended.map((row) => row.id),
      ),
    )
    .groupBy(orderLines.toolId)
    .orderBy(orderLines.toolId);
  for (const { toolId, units } of returned) {
    await tx
      .update(tools)
      .set({ quantity: sql`${tools.quantity} + ${units}`, updatedAt: sql`now()` })
      .where(eq(tools.id, toolId));
  }
}
