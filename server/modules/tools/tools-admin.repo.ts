import { and, asc, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { ManageToolSort, ManageToolsQuery } from '../../../contract/tool-lists.ts';
import type { OpenOrders } from '../../../contract/tools.ts';
import { readTogether, type Tx } from '../../db/client.ts';
import { orderLines, orders, tools } from '../../db/schema.ts';
import type { ToolRow } from './tools.repo.ts';

const ORDER_BY: Record<ManageToolSort, SQL[]> = {
  newest: [desc(tools.createdAt), desc(tools.id)],
  oldest: [asc(tools.createdAt), asc(tools.id)],
  name_asc: [asc(tools.name), asc(tools.id)],
  name_desc: [desc(tools.name), desc(tools.id)],
  price_asc: [asc(tools.price), asc(tools.id)],
  price_desc: [desc(tools.price), desc(tools.id)],
  stock_asc: [asc(tools.quantity), asc(tools.id)],
  stock_desc: [desc(tools.quantity), desc(tools.id)],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What an admin's search matches: every word of it in the name or description (full-text, as the
 * catalogue), the text anywhere in a name (the trigram index), or a tool's whole id.
 */
function searchCondition(q: string): SQL | undefined {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    sql`${tools}.search_vector @@ plainto_tsquery('english', ${q})`,
    sql`${tools.name} ilike ${like}`,
    UUID.test(q) ? eq(tools.id, q.toLowerCase()) : undefined,
  );
}

/** One page of the listed tools an admin asked for, fresh from the database, and how many match. */
export async function listManagedTools(
  tx: Tx,
  query: ManageToolsQuery,
): Promise<{ rows: ToolRow[]; total: number }> {
  const stock =
    query.below !== undefined
      ? lt(tools.quantity, query.below)
      : query.lowStock
        ? lt(tools.quantity, tools.minimumOrder)
        : undefined;
  const where = and(isNull(tools.deletedAt), query.q ? searchCondition(query.q) : undefined, stock);
  const [rows, [totals]] = await readTogether(tx, [
    () =>
      tx
        .select()
        .from(tools)
        .where(where)
        .orderBy(...ORDER_BY[query.sort])
        .limit(query.limit)
        .offset(query.offset),
    () => tx.select({ total: count() }).from(tools).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The orders still to be fulfilled with a line of this tool: unpaid, or paid and not shipped. */
export async function countOpenOrders(tx: Tx, toolId: string): Promise<OpenOrders> {
  const rows = await tx
    .select({ status: orders.status, n: count() })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.toolId, toolId), inArray(orders.status, ['unpaid', 'paid'])))
    .groupBy(orders.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  const unpaid = of('unpaid');
  const paidNotShipped = of('paid');
  return { openOrders: unpaid + paidNotShipped, unpaid, paidNotShipped };
}
