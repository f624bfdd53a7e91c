import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema.ts';
import {
  auditLog,
  carts,
  orderLines,
  orderRefunds,
  orders,
  reviews,
  tools,
  user,
} from '../db/schema.ts';
import type { TestContext } from './test-app.ts';

/** Everything a request could change, to prove that a refused one changed nothing. */
export async function storeSnapshot(t: TestContext) {
  return {
    tools: await t.db.select().from(tools).orderBy(tools.id),
    orders: await t.db.select().from(orders).orderBy(orders.id),
    lines: await t.db.select().from(orderLines).orderBy(orderLines.orderId, orderLines.position),
    carts: await t.db.select().from(carts).orderBy(carts.userId),
    reviews: await t.db.select().from(reviews).orderBy(reviews.id),
    users: await t.db.select().from(user).orderBy(user.id),
    refunds: await t.db.select().from(orderRefunds).orderBy(orderRefunds.id),
    audit: await t.db.select().from(auditLog).orderBy(auditLog.id),
    uploads: await t.storedUploads(),
  };
}

/** A digest of every row of every table: any write anywhere changes it. */
export async function databaseChecksum(t: TestContext): Promise<string> {
  const tables = (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable =>
      typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
  );
  const parts: string[] = [];
  for (const table of tables) {
    const name = getTableName(table);
    const result = await t.db.execute<{ digest: string }>(
      sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from ${sql.identifier(name)} r`,
    );
    parts.push(`${name}:${result.rows[0]?.digest}`);
  }
  return parts.join(',');
}
