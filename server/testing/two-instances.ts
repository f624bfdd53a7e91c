import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createDatabase } from '../db/client.ts';
import { orderLines, orders, tools } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
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

/** Deadlocks PostgreSQL has detected in this database since its statistics were reset. */
export async function deadlocksSoFar(database: TestDatabase): Promise<number> {
  const { rows } = await database.pool.query<{ deadlocks: string }>(
    'select deadlocks from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0]?.deadlocks ?? 0);
}
