import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createDatabase, type Database } from './client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';

export interface OpenDatabase {
  database: Database;
  embedded: EmbeddedDatabase | undefined;
  /** Closes the pool, then stops the embedded server if we started one. */
  close(): Promise<void>;
  /** Stops the embedded server if we started one, at once, whatever the pool still holds. */
  stopNow(): Promise<void>;
}

/** The external server when DATABASE_URL is set; otherwise our own embedded one. Migrated. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'embeddedPgPort' | 'dbPoolMax'>,
  log: Logger,
): Promise<OpenDatabase> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log });
  const url = config.databaseUrl ?? embedded?.url;
  if (!url) throw new Error('no database URL');
  const database = createDatabase({ url, max: config.dbPoolMax });
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
  log.info(embedded ? 'database ready (embedded PostgreSQL)' : 'database ready (DATABASE_URL)');
  return {
    database,
    embedded,
    async close() {
      await database.close().catch((error) => log.warn({ err: error }, 'closing the pool failed'));
      await embedded?.stop();
    },
    async stopNow() {
      await embedded?.stopNow();
    },
  };
}
