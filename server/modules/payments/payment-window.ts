import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Order } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { startPeriodicJob } from '../../periodic-job.ts';
import { cancellationEmail, type StoreInfo } from '../orders/order-emails.ts';
import { type OrderRow, withLines } from '../orders/orders.repo.ts';

/**
 * Cancels unpaid orders past their payment deadline and returns their stock, in one statement:
 * rows are claimed with SKIP LOCKED and only while still unpaid, so with several instances running
 * each order is cancelled (and its stock returned, and its customer told) exactly once.
 */
export async function cancelExpiredOrders(
  db: Db,
  options: StoreInfo & { mailer: Mailer; batch?: number },
): Promise<Order[]> {
  const cancelled = await db.transaction(async (tx) => {
    const result = await tx.execute<Record<string, unknown>>(sql`
      with expired as (
        update orders set status = 'cancelled', cancel_reason = 'payment_window',
               cancelled_at = now(), updated_at = now()
        where id in (
          select id from orders
          where status = 'unpaid' and payment_due_at < now()
          order by payment_due_at
          limit ${options.batch ?? 200}
          for update skip locked
        ) and status = 'unpaid'
        returning *
      ), restocked as (
        update tools set quantity = tools.quantity + returned.units, updated_at = now()
        from (
          select order_lines.tool_id, sum(order_lines.quantity)::int as units
          from order_lines join expired on expired.id = order_lines.order_id
          group by order_lines.tool_id
        ) as returned
        where tools.id = returned.tool_id
      )
      select * from expired`);
    const orders = await withLines(tx, result.rows.map(fromSqlRow));
    for (const order of orders) {
      const notice = cancellationEmail(options, order, 'payment_window');
      await options.mailer.enqueue({ kind: 'order_cancelled', to: order.email, ...notice }, tx);
    }
    return orders;
  });
  if (cancelled.length > 0) void options.mailer.drain();
  return cancelled;
}

/** Raw SQL rows come back in snake_case; the repo's mapper wants Drizzle's row shape. */
function fromSqlRow(row: Record<string, unknown>): OrderRow {
  const date = (value: unknown) => (value == null ? null : new Date(value as string));
  return {
    id: row.id as string,
    number: Number(row.number),
    userId: row.user_id as string,
    toolId: row.tool_id as string,
    productName: row.product_name as string,
    unitPrice: Number(row.unit_price),
    customerName: row.customer_name as string,
    email: row.email as string,
    orderedNum: Number(row.ordered_num),
    phone: row.phone as string,
    address: row.address as string,
    poNumber: (row.po_number as string | null) ?? null,
    note: (row.note as string | null) ?? null,
    totalAmount: Number(row.total_amount),
    currency: row.currency as string,
    status: row.status as string,
    transactionId: (row.transaction_id as string | null) ?? null,
    paymentIntentId: (row.payment_intent_id as string | null) ?? null,
    paymentFailure: (row.payment_failure as string | null) ?? null,
    cancelReason: (row.cancel_reason as string | null) ?? null,
    paymentDueAt: date(row.payment_due_at) as Date,
    idempotencyKey: (row.idempotency_key as string | null) ?? null,
    paidAt: date(row.paid_at),
    shippedAt: date(row.shipped_at),
    cancelledAt: date(row.cancelled_at),
    createdAt: date(row.created_at) as Date,
    updatedAt: date(row.updated_at) as Date,
  };
}

/** Runs the cancellation every `intervalMs`; returns a stop function that waits for a run in progress. */
export function startPaymentWindowJob(
  db: Db,
  options: StoreInfo & { mailer: Mailer; intervalMs: number; log: Logger },
): () => Promise<void> {
  return startPeriodicJob(
    async () => {
      const orders = await cancelExpiredOrders(db, options);
      if (orders.length > 0)
        options.log.info(
          { orders: orders.map((o) => o._id) },
          'cancelled unpaid orders past the payment window',
        );
    },
    options.intervalMs,
    (error) => options.log.warn({ err: error }, 'payment window job failed; will retry'),
  );
}
