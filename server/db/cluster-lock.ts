import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { StartupError } from './postgres-binaries.ts';
import { liveStorePid } from './store-claim.ts';

// The cluster's lock file (postmaster.pid): who holds the cluster, and clearing up after a crash.

export async function readLock(
  clusterDir: string,
): Promise<{ pid: number; port: number } | undefined> {
  try {
    const lines = (await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A recycled pid that now belongs to another program does not count.
  try {
    return execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }).includes(
      'postgres',
    );
  } catch {
    return false;
  }
}

/**
 * A server left running by a killed app still holds the cluster: ask it to stop (fast shutdown),
 * or, if its process is gone, remove the stale lock file. A server that a live store still uses
 * (store-claim.ts) is no orphan: the start is refused and nothing is touched.
 */
export async function stopOrphan(
  clusterDir: string,
  log: Logger,
  store: { dataDir: string; password: string },
): Promise<void> {
  const lock = await readLock(clusterDir);
  if (!lock) return;
  if (!isAlive(lock.pid)) {
    log.warn({ pid: lock.pid }, 'removing a stale PostgreSQL lock file left by a crash');
    await rm(path.join(clusterDir, 'postmaster.pid'), { force: true });
    return;
  }
  await refuseIfInUse(lock, clusterDir, store);
  log.warn({ pid: lock.pid }, 'stopping a PostgreSQL server left running by an earlier crash');
  process.kill(lock.pid, 'SIGINT');
  for (let waited = 0; isAlive(lock.pid); waited += 100) {
    if (waited > 15_000) {
      throw new StartupError(
        `PostgreSQL process ${lock.pid}, left running by an earlier start, did not stop`,
        `stop it (kill ${lock.pid}) and start again`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function refuseIfInUse(
  lock: { pid: number; port: number },
  clusterDir: string,
  store: { dataDir: string; password: string },
): Promise<void> {
  const storePid = await liveStorePid(lock.port, store.password).catch((error: Error) => {
    throw new StartupError(
      `PostgreSQL (pid ${lock.pid}) holds the cluster in ${clusterDir} and could not be asked whether a store still uses it (${error.message})`,
      `if no store runs on DATA_DIR ${store.dataDir}, stop it (kill ${lock.pid}) and start again`,
    );
  });
  if (storePid === undefined) return;
  throw new StartupError(
    `another store is running on DATA_DIR ${path.resolve(store.dataDir)}, pid ${storePid}`,
    'stop that store first, or give this one a DATA_DIR of its own',
  );
}
