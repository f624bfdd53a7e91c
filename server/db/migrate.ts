import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Database } from './client.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = path.join(here, 'migrations');
/**
 * The store's PL/pgSQL functions, one file each, each one `CREATE OR REPLACE FUNCTION`: the only
 * place a function's live text is kept. Migrations change tables, indexes and triggers, and may have
 * created a function once (that history stays as it was); what runs is the file (decision 038).
 */
const functionsFolder = path.join(here, 'functions');

/** Any fixed number; all instances agree on it. */
const MIGRATION_LOCK_ID = 4_171_001;

/**
 * Applies pending migrations, then the functions of server/db/functions/, all in one transaction
 * (a function whose text did not change is replaced by the same text). Several instances may start
 * at once against one database, so the whole run holds a session-level advisory lock: the others
 * wait, then find nothing new to do.
 */
export async function runMigrations({ db, pool }: Database): Promise<void> {
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(db, { migrationsFolder });
    await applyFunctions(lockClient);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
}

/** The function files, by name (e.g. `place-order.sql`), with their text. */
export function functionFiles(): { file: string; text: string }[] {
  return readdirSync(functionsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ file, text: readFileSync(path.join(functionsFolder, file), 'utf8') }));
}

async function applyFunctions(client: pg.PoolClient): Promise<void> {
  await client.query('begin');
  try {
    for (const { text } of functionFiles()) await client.query(text);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
