import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { runningEmbeddedUrl } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { openDatabase } from '../db/setup.ts';
import { createLogger } from '../logger.ts';

/**
 * Runs a command-line task against the store's database: DATABASE_URL when set; else the
 * embedded server the running app already started; else a fresh start of the embedded server.
 */
export async function withDatabase(
  task: (database: Database, context: { config: Config; log: Logger }) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const runningUrl = config.databaseUrl ? undefined : await runningEmbeddedUrl(config.dataDir);
  if (runningUrl) {
    const database = createDatabase({ url: runningUrl, max: 2 });
    try {
      await runMigrations(database);
      await task(database, { config, log });
    } finally {
      await database.close();
    }
    return;
  }
  const opened = await openDatabase({ ...config, dbPoolMax: 2 }, log);
  try {
    await task(opened.database, { config, log });
  } finally {
    await opened.close();
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
