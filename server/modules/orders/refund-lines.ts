import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { formatCount } from '../../../contract/format.ts';
import type { NoteRefundBody, RefundLine } from '../../../contract/order-refunds.ts';
import type { Tx } from '../../db/client.ts';
import { orderLines, orderRefundLines, orderRefunds, tools } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';

/** The order lines a refund gives back, as stored (order_refund_lines). */
export interface RefundLineRow {
  position: number;
  quantity: number;
  amount: number;
}

/**
 * The lines of a refund by lines, priced at the unit prices paid; in the caller's transaction,
 * which holds the order's row locked, so the units of each line refunded by the refunds that did
 * not fail are read after any racing refund of the same order committed. Refuses a tool that is no
 * line of the order and units beyond what is left of a line.
 */
export async function priceRefundLines(
  tx: Tx,
  orderId: string,
  wanted: NonNullable<NoteRefundBody['lines']>,
): Promise<{ rows: RefundLineRow[]; amount: number }> {
  const lines = await tx
    .select({
      position: orderLines.position,
      toolId: orderLines.toolId,
      productName: orderLines.productName,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      // Written out: in a select list, drizzle names the columns without their tables.
      refunded: sql<number>`coalesce((
        select sum(rl.quantity) from order_refund_lines rl
        join order_refunds r on r.id = rl.refund_id
        where rl.order_id = order_lines.order_id and rl.position = order_lines.position
          and r.status <> 'failed'), 0)::int`,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const rows: RefundLineRow[] = [];
  for (const { toolId, quantity } of wanted) {
    const line = lines.find((candidate) => candidate.toolId === toolId);
    if (!line) {
      throw conflict(
        'refund_line_unknown',
        'One of the chosen lines is not on this order: reload the order and choose again.',
      );
    }
    const left = line.quantity - line.refunded;
    if (quantity > left) {
      throw conflict(
        'refund_exceeds_line',
        left === 0
          ? `Every unit of ${line.productName} on this order is already refunded.`
          : `At most ${formatCount(left)} of ${line.productName} ${left === 1 ? 'is' : 'are'} left to refund (${formatCount(line.refunded)} of ${formatCount(line.quantity)} already ${line.refunded === 1 ? 'is' : 'are'}).`,
      );
    }
    rows.push({ position: line.position, quantity, amount: line.unitPrice * quantity });
  }
  const amount = rows.reduce((sum, row) => sum + row.amount, 0);
  if (amount === 0) {
    throw conflict(
      'refund_nothing_paid',
      'Nothing was paid for the chosen units (they were free), so there is nothing to refund.',
    );
  }
  return { rows, amount };
}

/** Stores a refund's lines, in the transaction that inserted it. */
export async function storeRefundLines(
  tx: Tx,
  refundId: string,
  orderId: string,
  rows: RefundLineRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(orderRefundLines).values(rows.map((row) => ({ refundId, orderId, ...row })));
}

/**
 * A refund that succeeded with "return to stock" ticked puts its lines' units back, tool by tool
 * in id order (as cancellations do), in the transaction that issues its credit note.
 */
export async function returnRefundedStock(tx: Tx, refundId: string): Promise<void> {
  const returned = await tx
    .select({ toolId: orderLines.toolId, units: orderRefundLines.quantity })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .innerJoin(
      orderLines,
      and(
        eq(orderLines.orderId, orderRefundLines.orderId),
        eq(orderLines.position, orderRefundLines.position),
      ),
    )
    .where(and(eq(orderRefundLines.refundId, refundId), eq(orderRefunds.returnToStock, true)))
    .orderBy(orderLines.toolId);
  for (const { toolId, units } of returned) {
    await tx
      .update(tools)
      .set({ quantity: sql`${tools.quantity} + ${units}`, updatedAt: sql`now()` })
      .where(eq(tools.id, toolId));
  }
}

/** The lines of these refunds, as the API shows them, by refund id (in the order's line order). */
export async function refundLinesOf(
  tx: Tx,
  refundIds: string[],
): Promise<Map<string, RefundLine[]>> {
  const byRefund = new Map<string, RefundLine[]>(refundIds.map((id) => [id, []]));
  if (refundIds.length === 0) return byRefund;
  const rows = await tx
    .select({
      refundId: orderRefundLines.refundId,
      toolId: orderLines.toolId,
      productName: orderLines.productName,
      sku: orderLines.sku,
      quantity: orderRefundLines.quantity,
      amount: orderRefundLines.amount,
    })
    .from(orderRefundLines)
    .innerJoin(
      orderLines,
      and(
        eq(orderLines.orderId, orderRefundLines.orderId),
        eq(orderLines.position, orderRefundLines.position),
      ),
    )
    .where(inArray(orderRefundLines.refundId, refundIds))
    .orderBy(orderRefundLines.refundId, orderRefundLines.position);
  for (const { refundId, ...line } of rows) byRefund.get(refundId)?.push(line);
  return byRefund;
}

/** What the refunds of an order that did not fail come to (pending ones count: money on its way). */
export async function refundedSoFar(tx: Tx, orderId: string): Promise<number> {
  const [sum] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed')));
  return sum?.refunded ?? 0;
}
