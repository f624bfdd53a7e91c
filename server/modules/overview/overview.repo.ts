import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * The overview's queries. Each reads one small slice through an index: sales of the window through
 * the partial `orders(paid_at)` index and, on account, `orders(invoiced_at)` (their lines through
 * the index by order), statuses through `orders(status, created_at, id)` (an index-only scan), and the tools (a few
 * thousand rows) in one pass. Sums come back as text from PostgreSQL's bigint and are read as
 * numbers here: a day's revenue can pass 2^31 minor units, never 2^53.
 */

/**
 * The orders sold since `from` (UTC day) and when (`sold_at`): a card order when it was paid, an
 * order on account when it was invoiced (placed, or approved), not cancelled (decision 061). Each
 * half reads its own partial index: `orders(paid_at)`, `orders(invoiced_at)` on account.
 */
function soldSince(window: { from: string; currency: string }) {
  const from = sql`(${window.from}::date)::timestamp at time zone 'UTC'`;
  return sql`
    select id, total_amount, paid_at as sold_at from orders
    where paid_at >= ${from} and status in ('paid', 'shipped') and payment_method = 'card'
      and currency = ${window.currency}
    union all
    select id, total_amount, invoiced_at from orders
    where payment_method = 'account' and invoiced_at is not null and invoiced_at >= ${from}
      and status in ('on_account', 'shipped') and currency = ${window.currency}`;
}

/** The sold orders of each UTC day from `from` to `to` (both `YYYY-MM-DD`), every day present. */
export async function revenueByDay(
  tx: Tx,
  window: { from: string; to: string; currency: string },
): Promise<{ day: string; amount: number; orders: number }[]> {
  const result = await tx.execute<{ day: string; amount: string; orders: number }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day,
           coalesce(paid.amount, 0)::text as amount,
           coalesce(paid.orders, 0)::int as orders
    from generate_series(${window.from}::date, ${window.to}::date, interval '1 day') as day
    left join (
      select (sold_at at time zone 'UTC')::date as paid_on,
             sum(total_amount) as amount,
             count(*) as orders
      from (${soldSince(window)}) as sold
      group by 1
    ) as paid on paid.paid_on = day::date
    order by day`);
  return result.rows.map((row) => ({
    day: row.day,
    amount: Number(row.amount),
    orders: row.orders,
  }));
}

/** How many orders are in each status now (statuses with none are left out). */
export async function countByStatus(tx: Tx): Promise<Map<string, number>> {
  const result = await tx.execute<{ status: string; count: number }>(sql`
    select status, count(*)::int as count from orders group by status`);
  return new Map(result.rows.map((row) => [row.status, row.count]));
}

/** The tools whose lines in orders sold since `from` (UTC day) brought the most, most first. */
export async function topTools(
  tx: Tx,
  window: { from: string; currency: string; limit: number },
): Promise<{ toolId: string; name: string; units: number; revenue: number; orders: number }[]> {
  const result = await tx.execute<{
    tool_id: string;
    name: string;
    units: string;
    revenue: string;
    orders: number;
  }>(sql`
    select top.tool_id, tools.name, top.units::text, top.revenue::text, top.orders::int
    from (
      select line.tool_id,
             sum(line.quantity) as units,
             sum(line.line_total) as revenue,
             count(*) as orders
      from order_lines as line
      -- The sold orders' ids first, then their lines through the index by order: joined instead,
      -- PostgreSQL hashed every line of every order (200,000 on the scale seed: 190 to 300 ms
      -- against 28 ms, bench/README.md).
      where line.order_id = any(array(select sold.id from (${soldSince(window)}) as sold))
      group by line.tool_id
      order by revenue desc, units desc, line.tool_id
      limit ${window.limit}
    ) as top
    join tools on tools.id = top.tool_id
    order by top.revenue desc, top.units desc, top.tool_id`);
  return result.rows.map((row) => ({
    toolId: row.tool_id,
    name: row.name,
    units: Number(row.units),
    revenue: Number(row.revenue),
    orders: row.orders,
  }));
}

/**
 * Listed tools below their minimum order or below `threshold` units: the `limit` lowest (fewest
 * units, then furthest below their minimum order), and how many there are in all.
 */
export async function lowStock(
  tx: Tx,
  options: { threshold: number; limit: number },
): Promise<{
  total: number;
  tools: { id: string; name: string; quantity: number; minimumOrder: number }[];
}> {
  const result = await tx.execute<{
    id: string;
    name: string;
    quantity: number;
    minimum_order: number;
    total: number;
  }>(sql`
    select id, name, quantity, minimum_order, count(*) over ()::int as total
    from tools
    where deleted_at is null
      and (quantity < minimum_order or quantity < ${options.threshold})
    order by quantity, quantity - minimum_order, name, id
    limit ${options.limit}`);
  return {
    total: result.rows[0]?.total ?? 0,
    tools: result.rows.map((row) => ({
      id: row.id,
      name: row.name,
      quantity: row.quantity,
      minimumOrder: row.minimum_order,
    })),
  };
}
