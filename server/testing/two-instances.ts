import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { createDatabase } from '../db/client.ts';
import { orderLines, orders, tools } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { OVERLOADED_LOG } from '../plugins/error-handler.ts';
import { buildTestApp, type TestUser, testConfig } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * One test database served by two app instances, each with its own connection pool as on two
 * machines, and `buyers` real accounts, each signed in with its own session. Load goes through
 * one instance or both. From then on both log warnings and errors to `problems` (a 5xx is logged
 * with its cause), which a test under load expects to stay empty.
 */
export async function startTwoInstances(options: { buyers: number }) {
  const database = await createTestDatabase();
  const problems: string[] = [];
  const logger = createLogger('warn', { write: (line: string) => void problems.push(line) });
  const first = await buildTestApp({}, { database, logger });
  const secondPool = createDatabase({ url: database.url, max: 20 });
  const second = await buildApp({
    config: testConfig,
    database: secondPool,
    logger,
    mailTransport: { send: async () => {}, close: () => {} },
  });
  await second.ready();
  const buyers: TestUser[] = [];
  for (let i = 0; i < options.buyers; i += 20) {
    const batch = Math.min(20, options.buyers - i);
    buyers.push(
      ...(await Promise.all(
        Array.from({ length: batch }, (_, j) => first.signUp({ name: `Buyer ${i + j}` })),
      )),
    );
  }
  // What start-up said is not load: above all, that there is no built web app to serve.
  problems.length = 0;
  return {
    database,
    first,
    buyers,
    problems,
    /** The first instance alone, or both. */
    instances(count: 1 | 2): FastifyInstance[] {
      return count === 1 ? [first.app] : [first.app, second];
    },
    async close() {
      await second.close();
      await secondPool.close();
      await first.close();
      await database.drop();
    },
  };
}

export type TwoInstances = Awaited<ReturnType<typeof startTwoInstances>>;

/**
 * Per tool: its stock plus the units on the lines of every order not cancelled. Nothing is lost or
 * made up while this stays the stock the tool started with.
 */
export async function accountedUnits(
  database: TestDatabase,
  toolIds: string[],
): Promise<Map<string, { stock: number; accounted: number }>> {
  const stock = await database.db
    .select({ id: tools.id, quantity: tools.quantity })
    .from(tools)
    .where(inArray(tools.id, toolIds));
  const ordered = await database.db
    .select({ toolId: orderLines.toolId, units: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.toolId, toolIds), ne(orders.status, 'cancelled')))
    .groupBy(orderLines.toolId);
  const units = new Map(ordered.map((row) => [row.toolId, row.units]));
  return new Map(
    stock.map((tool) => [
      tool.id,
      { stock: tool.quantity, accounted: tool.quantity + (units.get(tool.id) ?? 0) },
    ]),
  );
}

/**
 * The orders with a line of these tools, as the database has them: how many, how many cancelled,
 * and how many disagree with their own lines (total, units, a line's price times its quantity)
 * or are cancelled by half (a status without its time, or the reverse).
 */
export async function orderSums(
  database: TestDatabase,
  toolIds: string[],
): Promise<Record<string, number> | undefined> {
  const { rows } = await database.pool.query<Record<string, number>>(
    `select count(*)::int as orders,
              count(*) filter (where o.status = 'cancelled')::int as cancelled,
              count(*) filter (where o.total_amount <> l.total or o.ordered_num <> l.units)::int as mismatched,
              count(*) filter (where (o.status = 'cancelled') <> (o.cancelled_at is not null))::int as half_cancelled,
              coalesce(sum(l.bad_lines), 0)::int as bad_lines
       from orders o
       join (select order_id, sum(line_total) as total, sum(quantity) as units,
                    count(*) filter (where line_total <> quantity * unit_price) as bad_lines
             from order_lines group by order_id) l on l.order_id = o.id
       where exists (select 1 from order_lines x where x.order_id = o.id and x.tool_id = any($1))`,
    [toolIds],
  );
  return rows[0];
}

/** The invoice numbers issued, the highest, the counter, and paid orders without an invoice. */
export async function invoiceRun(
  database: TestDatabase,
): Promise<Record<string, number> | undefined> {
  const { rows } = await database.pool.query<Record<string, number>>(
    `select count(invoice_number)::int as issued,
              coalesce(max(invoice_number), 0)::int as highest,
              (select last from invoice_numbers)::int as counter,
              count(*) filter (where status in ('paid', 'shipped') and invoice_number is null)::int as paid_without
       from orders`,
  );
  return rows[0];
}

/** Deadlocks PostgreSQL has detected in this database since its statistics were reset. */
export async function deadlocksSoFar(database: TestDatabase): Promise<number> {
  const { rows } = await database.pool.query<{ deadlocks: string }>(
    'select deadlocks from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0]?.deadlocks ?? 0);
}

/** Tries a client makes of one request while the store answers that it is busy. */
const BUSY_TRIES = 8;

/**
 * Sends a request as a well-behaved client does: a 503 that says when to come back (Retry-After)
 * is sent again after that pause, up to BUSY_TRIES in all, and counted in `busy`. On a machine
 * slower than the load (a shared CI runner), requests queue past the pool's wait and are turned
 * away: that is capacity, which these tests do not measure. What they prove is that every answer
 * the store gives is right; a request sent again must therefore be safe to repeat (an order
 * carries an Idempotency-Key).
 */
export async function politely(
  send: () => Promise<LightMyRequestResponse>,
  busy: { answers: number },
): Promise<LightMyRequestResponse> {
  for (let tries = 1; ; tries += 1) {
    const response = await send();
    const retryAfter = Number(response.headers['retry-after']);
    if (response.statusCode !== 503 || !(retryAfter > 0) || tries === BUSY_TRIES) return response;
    busy.answers += 1;
    // Spread out, so the buyers turned away together do not all come back at once.
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 * (0.5 + Math.random())));
  }
}

/** What the instances logged besides one overload warning per busy answer. */
export function problemsBeyondBusy(problems: string[], busy: { answers: number }): string[] {
  const overloaded = problems.filter((line) => line.includes(OVERLOADED_LOG));
  const others = problems.filter((line) => !line.includes(OVERLOADED_LOG));
  return overloaded.length === busy.answers
    ? others
    : [...others, `${overloaded.length} overload warnings for ${busy.answers} busy answers`];
}
