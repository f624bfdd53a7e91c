import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema.ts';
import {
  addresses,
  auditLog,
  carts,
  companies,
  companyInvitations,
  companyMembers,
  deliveryMethods,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orderShipments,
  orders,
  quoteLines,
  quoteMessages,
  quotes,
  reviews,
  savedListLines,
  savedLists,
  tools,
  user,
} from '../db/schema.ts';
import type { TestContext } from './test-app.ts';

/**
 * A digest of every row of each table, keyed by the table's name, read in one query: any change
 * to any column of any row changes its table's digest. PostgreSQL reads and hashes the rows
 * itself, so a proof that nothing changed costs one round trip however many rows a test file
 * has made, and a failed one names the tables that changed.
 */
async function tableDigests(t: TestContext, tables: PgTable[]): Promise<Record<string, string>> {
  const columns: SQL[] = tables.map((table) => {
    const name = getTableName(table);
    return sql`(select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from ${sql.identifier(name)} r) as ${sql.identifier(name)}`;
  });
  const result = await t.db.execute<Record<string, string>>(
    sql`select ${sql.join(columns, sql`, `)}`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('no digest row');
  return row;
}

/** The tables a request could change, and the stored uploads: a refused one must change none. */
const STORE_TABLES = [
  tools,
  orders,
  orderLines,
  carts,
  reviews,
  user,
  orderRefundLines,
  orderRefunds,
  auditLog,
  quotes,
  quoteLines,
  quoteMessages,
  companies,
  companyMembers,
  companyInvitations,
  addresses,
  savedLists,
  savedListLines,
  deliveryMethods,
  orderShipments,
];

/** Everything a request could change, to prove that a refused one changed nothing. */
export async function storeSnapshot(t: TestContext) {
  return { ...(await tableDigests(t, STORE_TABLES)), uploads: await t.storedUploads() };
}

const ALL_TABLES = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable =>
    typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
);

/** A digest of every row of every table: any write anywhere changes it. */
export async function databaseChecksum(t: TestContext): Promise<string> {
  const digests = await tableDigests(t, ALL_TABLES);
  return Object.entries(digests)
    .map(([name, digest]) => `${name}:${digest}`)
    .join(',');
}
