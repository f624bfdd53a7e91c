import { setFlagsFromString } from 'node:v8';
import type { App } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoOrders } from './db/demo/orders.ts';
import { refuseDemoPasswords } from './db/demo-accounts.ts';
import { seedDemo } from './db/seed.ts';
import { type OpenDatabase, openDatabase } from './db/setup.ts';
import { createLogger } from './logger.ts';
import { promoteConfiguredAdmins } from './modules/users/admin-roles.ts';
import { loadReactProductionBuild } from './react-build.ts';
import { describeStartupFailure } from './startup-failure.ts';

/**
 * V8 lets its heap grow to about four times what survives each full collection: under a burst of
 * orders that is some 250 MB for 60 MB of live objects. Growing it by 30 % at a time keeps the
 * store under 200 MB at the same speed (docs/decisions/022, bench/README.md). Read by V8 at each
 * collection, so setting it here holds however the store is started.
 */
const HEAP_GROWING_PERCENT = 30;

/** Reads the config, starts the database, builds the app, listens, and closes it all cleanly. */
async function main(): Promise<void> {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(
        error.problems.length === 1
          ? `The store could not start: ${error.problems[0]}`
          : error.message,
      );
      process.exit(1);
    }
    throw error;
  }
  const isPretty =
    config.logFormat === 'pretty' ||
    (config.logFormat === 'auto' && config.env === 'development' && process.stdout.isTTY === true);
  const log = createLogger(config.logLevel, undefined, { pretty: isPretty });
  for (const warning of config.startWarnings) log.warn(warning);
  const isProduction = config.env === 'production';
  const started = Date.now();
  const failed = async (error: unknown, opened?: OpenDatabase) => {
    log.debug({ err: error }, 'start-up failed');
    console.error(`${config.storeName} could not start: ${describeStartupFailure(error, config)}`);
    await opened?.close().catch(() => {});
    process.exit(1);
  };
  // The app's code, most of what a start loads, loads while PostgreSQL starts; a start that its
  // settings refuse never loads it. React's build is chosen first (decision 082).
  if (!loadReactProductionBuild()) {
    log.warn(
      'React was loaded before the start chose its build: pages render with its development build',
    );
  }
  const appModule = import('./app.ts');
  appModule.catch(() => {});
  let opened: OpenDatabase | undefined;
  let app: App;
  try {
    opened = await openDatabase(config, log);
    const { db } = opened.database;
    if (config.seedDemo) await seedDemo(db, log, { withAccounts: !isProduction });
    if (isProduction) await refuseDemoPasswords(db);
    await promoteConfiguredAdmins(db, config.adminEmails, log);
    const { buildApp } = await appModule;
    app = await buildApp({ config, database: opened.database, logger: log });
    // Due once the demo accounts were seeded (here or by npm run db:seed). Demo data, not the
    // store's: a failure is told and the store opens all the same.
    await seedDemoOrders(db, app.services, log).catch((error: unknown) =>
      log.warn({ err: error }, 'could not place the demo customer’s orders'),
    );
  } catch (error) {
    return failed(error, opened);
  }
  const database = opened;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // A deploy's SIGTERM: not ready at once, and still serving while load balancers notice; a
    // person's Ctrl-C (SIGINT) or a closed terminal stops without that wait.
    const delayMs = signal === 'SIGTERM' ? config.shutdownDelayMs : 0;
    app.readiness.startDraining();
    log.info(
      { signal, listenerClosesInMs: delayMs },
      'shutting down: not ready; finishing requests in flight',
    );
    // Each step is named, so that a shutdown that hangs says where. Past the limit PostgreSQL is
    // stopped all the same (fast shutdown: what was committed stays), never left running.
    let step = delayMs > 0 ? 'serving while load balancers notice' : 'closing the app';
    // PostgreSQL's own stop (its last checkpoint writes what is not on disk yet) is waited for,
    // however long the disk takes: exiting before it ends would leave it running.
    const force = setTimeout(() => {
      log.error({ step }, 'shutdown took too long; stopping PostgreSQL and exiting');
      void database.stopNow().finally(() => process.exit(1));
    }, delayMs + config.shutdownTimeoutMs);
    force.unref();
    try {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      // Requests in flight, then the background jobs and the mail queue.
      step = 'closing the app';
      await app.close();
      step = 'closing the pool, then stopping PostgreSQL';
      await database.close();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error, step }, 'error while shutting down');
      await database.stopNow().catch(() => {});
      process.exit(1);
    }
  };
  // This process owns its shutdown order: not ready, stop taking requests, finish those in flight,
  // close the pool, then stop PostgreSQL (which runs in a process group of its own, so Ctrl-C
  // reaches us only).
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => void shutdown(signal));
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    return failed(error, database);
  }
  log.info(
    { url: config.publicUrl, startupMs: Date.now() - started },
    `${config.storeName} is open at ${config.publicUrl}`,
  );
}

// Before the log exists (the settings themselves were wrong): one line, the stack when asked for.
main().catch((error: unknown) => {
  const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');
  const detail = error instanceof Error ? (verbose && error.stack) || error.message : String(error);
  console.error(`The store could not start: ${detail}`);
  process.exit(1);
});
