import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/** Any fixed number; all instances agree on it. */
const MIGRATION_LOCK_ID = 4_171_001;

/**
 * Applies pending migrations. Several instances may start at once against one database, so the
 * whole run holds a session-level advisory lock: the others wait, then find nothing to do.
 */
export async function runMigrations({ db, pool }: Database): Promise<void> {
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(db, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
}
