import { rm } from 'node:fs/promises';
import {
  processIdsOn,
  type StoreProcess,
  startStoreProcess,
} from '../server/testing/store-process.ts';
import { waitUntil } from '../server/testing/wait-until.ts';

/**
 * The real store for the browser journeys: its own process on a data directory, serving the built
 * web app, its log shown with the tests'. The journeys share one; the outage journey starts, stops
 * and restarts one of its own.
 */
export function startStore(options: {
  dataDir: string;
  port: number;
  env: Record<string, string>;
}): Promise<StoreProcess> {
  return startStoreProcess({
    ...options,
    serveWeb: true,
    echo: true,
    env: { HOST: '127.0.0.1', ...options.env },
  });
}

/**
 * Stops the store with SIGINT (its PostgreSQL with it) and checks nothing is left running; without
 * a store (it never became healthy), stops whatever it left behind.
 */
export async function stopStore(store: StoreProcess | undefined, dataDir: string): Promise<void> {
  await store?.stop();
  const leftovers = processIdsOn(dataDir);
  if (leftovers.length === 0) return;
  console.error(
    `PostgreSQL was left running on ${dataDir} (pids ${leftovers.join(', ')}); stopping it.`,
  );
  for (const pid of leftovers) process.kill(pid, 'SIGINT');
  const isGone = await waitUntil(() => processIdsOn(dataDir).length === 0, { timeoutMs: 10_000 });
  throw new Error(
    `The store left PostgreSQL running after SIGINT${isGone ? '' : ', and it is still running'}.`,
  );
}

/** Stops the store, then removes its data directory. */
export async function stopAndRemoveStore(
  store: StoreProcess | undefined,
  dataDir: string,
): Promise<void> {
  try {
    await stopStore(store, dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
