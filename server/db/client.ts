import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

/** The database, with the pool behind it (`$client`) for the rare work that needs one connection. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: repos accept either. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Reads that do not depend on each other: at once on the pool (each on a connection of its own),
 * one after another in a transaction, whose one connection runs one query at a time (pg warns of
 * a query sent while another runs, and pg 9 refuses it).
 */
export async function readTogether<const T extends readonly (() => PromiseLike<unknown>)[]>(
  tx: Tx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if ('$client' in tx) return (await Promise.all(reads.map((read) => read()))) as never;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as never;
}

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  max?: number;
  /** Name shown in pg_stat_activity. */
  applicationName?: string;
  /** How long a request may wait for a free connection before it is turned away (503). */
  connectionWaitMs?: number;
}

export function createDatabase({
  url,
  max = 10,
  applicationName = 'toolyard',
  connectionWaitMs = 10_000,
}: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    // How long a request may wait for a connection: long enough to queue through a burst of
    // buyers, short enough not to hang. A database that is down refuses connections at once, so
    // outages still fail fast (503) without waiting for this.
    connectionTimeoutMillis: connectionWaitMs,
    idleTimeoutMillis: 30_000,
    // Guard against a runaway query holding a connection.
    statement_timeout: 15_000,
    query_timeout: 20_000,
  });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool drops it and the next query opens a fresh one.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema });
  return {
    db,
    pool,
    close: () => pool.end(),
  };
}

/**
 * The pool's wait for a free connection ran out: every connection stayed busy all that time. The
 * database is up; this instance has more requests than it can serve (pg-pool's own words).
 */
export function isPoolExhausted(error: unknown): boolean {
  const e = error as { message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.message === 'timeout exceeded when trying to connect') return true;
  return e.cause !== undefined && e.cause !== error && isPoolExhausted(e.cause);
}
