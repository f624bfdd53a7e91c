import { and, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { formatOrderNumber, type Order, type OrderStatus } from '../../../contract/orders.ts';
import type { Tx } from '../../db/client.ts';
import { orders, tools, user } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
/** A new order's columns; a value may be SQL run by the database (its clock, for deadlines). */
export type NewOrderRow = PgInsertValue<typeof orders>;

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    number: formatOrderNumber(row.number),
    toolId: row.toolId,
    productName: row.productName,
    unitPrice: row.unitPrice,
    name: row.customerName,
    email: row.email,
    orderedNum: row.orderedNum,
    phone: row.phone,
    address: row.address,
    totalAmount: row.totalAmount,
    currency: row.currency,
    status: row.status as OrderStatus,
    transactionId: row.transactionId,
    paymentFailure: row.paymentFailure,
    paymentDueAt: row.paymentDueAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/**
 * Takes `units` from a tool's stock only if the tool is listed, the units are within its minimum
 * order and its stock right now. One statement, so concurrent buyers can never oversell.
 */
export async function takeStock(tx: Tx, toolId: string, units: number) {
  const [row] = await tx
    .update(tools)
    .set({ quantity: sql`${tools.quantity} - ${units}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(tools.id, toolId),
        isNull(tools.deletedAt),
        gte(tools.quantity, units),
        lte(tools.minimumOrder, units),
      ),
    )
    .returning({
      name: tools.name,
      price: tools.price,
      minimumOrder: tools.minimumOrder,
      quantityLeft: tools.quantity,
    });
  return row;
}

/**
 * Locks the customer's row for this transaction, so that one customer's orders are placed one at
 * a time and the caps on what they hold unpaid are counted on settled numbers.
 */
export async function lockCustomer(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
}

/** What a customer holds in unpaid orders: how many orders, and how many units of one tool. */
export async function unpaidHoldings(
  tx: Tx,
  userId: string,
  toolId: string,
): Promise<{ orders: number; unitsOfTool: number }> {
  const [row] = await tx
    .select({
      orders: sql<number>`count(*)::int`,
      unitsOfTool: sql<number>`coalesce(sum(${orders.orderedNum}) filter (where ${orders.toolId} = ${toolId}), 0)::int`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'unpaid')));
  return { orders: row?.orders ?? 0, unitsOfTool: row?.unitsOfTool ?? 0 };
}

export async function returnStock(tx: Tx, toolId: string, units: number): Promise<void> {
  await tx
    .update(tools)
    .set({ quantity: sql`${tools.quantity} + ${units}`, updatedAt: sql`now()` })
    .where(eq(tools.id, toolId));
}

export async function insertOrder(tx: Tx, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findOrderByIdempotencyKey(
  tx: Tx,
  userId: string,
  key: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

export async function findOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id));
  return row;
}

export function listOrdersOfUser(tx: Tx, userId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** An admin looking at one customer's orders by their account email. */
export function listOrdersOfEmail(tx: Tx, email: string): Promise<OrderRow[]> {
  const owner = tx
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return tx
    .select()
    .from(orders)
    .where(inArray(orders.userId, owner))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export function listAllOrders(tx: Tx): Promise<OrderRow[]> {
  return tx.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * Moves an order from one status to another only if it is still in `from`: the status check and
 * the change are one statement, so two racing transitions cannot both win.
 */
export async function transition(
  tx: Tx,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  extra: Partial<Pick<OrderRow, 'transactionId' | 'cancelReason' | 'paymentFailure'>> = {},
): Promise<OrderRow | undefined> {
  const stamp =
    to === 'paid'
      ? { paidAt: sql`now()` }
      : to === 'shipped'
        ? { shippedAt: sql`now()` }
        : to === 'cancelled'
          ? { cancelledAt: sql`now()` }
          : {};
  const [row] = await tx
    .update(orders)
    .set({ status: to, ...stamp, ...extra, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning();
  return row;
}
