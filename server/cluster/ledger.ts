import type pg from 'pg';
import type { KnownOrder } from './buyers.ts';

/**
 * The buyers' orders against the database's: `lost`, orders a buyer was answered for that the
 * database lacks; `doubled`, orders of these buyers no buyer was answered for (a resend that
 * placed a second order); `wrongStatus`, orders whose status is not what their buyer last did.
 */
export async function lostDoubledAndWrong(db: pg.Pool, known: KnownOrder[], emails: string) {
  const { rows } = await db.query<{ id: string; status: string }>(
    'select id, status from orders where email like $1',
    [emails],
  );
  const stored = new Map(rows.map((row) => [row.id, row.status]));
  const knownIds = new Set(known.map((order) => order.id));
  return {
    lost: known.filter((order) => !stored.has(order.id)).map((order) => order.id),
    doubled: rows.filter((row) => !knownIds.has(row.id)).map((row) => row.id),
    wrongStatus: known
      .filter((order) => stored.has(order.id) && stored.get(order.id) !== order.outcome)
      .map((order) => `${order.id}: ${stored.get(order.id)}, its buyer made it ${order.outcome}`),
  };
}

/**
 * Tools whose stock in the database is not the stock they started with less every unit on the
 * buyers' orders not cancelled, as the buyers know them; [] when every unit is accounted for.
 */
export async function stockDrift(
  db: pg.Pool,
  toolIds: string[],
  initial: number,
  known: KnownOrder[],
): Promise<string[]> {
  const taken = new Map<string, number>();
  for (const order of known) {
    if (order.outcome === 'cancelled') continue;
    for (const line of order.lines) {
      taken.set(line.toolId, (taken.get(line.toolId) ?? 0) + line.quantity);
    }
  }
  const { rows } = await db.query<{ id: string; quantity: number }>(
    'select id, quantity from tools where id = any($1::uuid[])',
    [toolIds],
  );
  return rows
    .filter((row) => row.quantity !== initial - (taken.get(row.id) ?? 0))
    .map(
      (row) =>
        `${row.id}: ${row.quantity} in stock, ${initial - (taken.get(row.id) ?? 0)} expected`,
    );
}
