import type { ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, sleep, spawnNode, stopChild } from './processes.ts';
import { ensureServerBuild } from './server-build.ts';
import { ensureWebBuild } from './web-build.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Store {
  /** Where requests go. */
  url: string;
  /** What a browser on the store's own site sends as Origin (state-changing requests need it). */
  origin: string;
  dataDir: string;
  child: ChildProcess;
  pid: number;
  /** Milliseconds from spawning the process to the first healthy /api/health. */
  startMs: number;
  /** The embedded PostgreSQL's URL (user and database `toolyard`). */
  databaseUrl(database?: string): string;
  /** The embedded PostgreSQL's main process. */
  postgresPid(): number;
  stop(): Promise<void>;
}

export function tempDataDir(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `toolyard-bench-${label}-`));
  // Open to enter: as root the postgres user must reach it (server/testing/data-dir.ts).
  chmodSync(dir, 0o755);
  return dir;
}

/**
 * Starts the real store as `npm start` runs it (`node dist/server/main.mjs`, the server and the web
 * app built first when missing or older than their sources) on a free port with its own embedded
 * PostgreSQL in `dataDir`, without the demo seed and without rate limits, and waits until it is
 * healthy. Its log goes to `dataDir/store.log`.
 */
export async function startStore(
  options: {
    dataDir?: string;
    seedDemo?: boolean;
    env?: NodeJS.ProcessEnv;
    /** More Node options for the store (BENCH_STORE_NODE_ARGS adds to them, e.g. --cpu-prof). */
    nodeArgs?: string[];
    /**
     * Another copy of the project whose built store to run (its dist/server and dist/web, built
     * already): a benchmark's baseline of another revision. This tree's, built when stale, if none.
     */
    root?: string;
  } = {},
): Promise<Store> {
  const dataDir = options.dataDir ?? tempDataDir('store');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  const logFd = openSync(path.join(dataDir, 'store.log'), 'a');
  const started = performance.now();
  // Both builds, as `npm start` makes them: without the web app's, the store starts without its
  // page renderer (React's server side and every page's code), so its memory would not be the
  // store's.
  if (!options.root) {
    ensureServerBuild();
    ensureWebBuild();
  }
  const child = spawnNode('dist/server/main.mjs', {
    cwd: options.root ?? ROOT,
    stdio: logFd,
    nodeArgs: [
      ...(options.nodeArgs ?? []),
      ...(process.env.BENCH_STORE_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
    env: {
      ...storeEnvironment(),
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      SEED_DEMO: options.seedDemo ? 'true' : 'false',
      RATE_LIMITS: 'false',
      // Bench buyers order without end and never pay: the caps on unpaid orders would refuse them.
      UNPAID_ORDERS_MAX: '1000',
      UNPAID_STOCK_SHARE_MAX: '100',
      ...options.env,
    },
  });
  closeSync(logFd);
  try {
    await waitHealthy(url, child, 120_000);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${(error as Error).message}\n${logTail(dataDir)}`);
  }
  const startMs = performance.now() - started;
  const lock = () =>
    readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  return {
    url,
    origin,
    dataDir,
    child,
    pid: child.pid as number,
    startMs,
    databaseUrl(database = 'toolyard') {
      const password = readFileSync(path.join(dataDir, 'secrets', 'postgres-password'), 'utf8');
      const pgPort = lock()[3]?.trim();
      return `postgres://toolyard:${encodeURIComponent(password.trim())}@127.0.0.1:${pgPort}/${database}`;
    },
    postgresPid: () => Number(lock()[0]),
    stop: () => stopChild(child),
  };
}

/** This process's environment without what would point the store elsewhere. */
function storeEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'EMBEDDED_PG_PORT', 'WEB_DIST_DIR', 'SMTP_URL'])
    delete env[name];
  return env;
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

function logTail(dataDir: string): string {
  try {
    return readFileSync(path.join(dataDir, 'store.log'), 'utf8').slice(-3000);
  } catch {
    return '(no log)';
  }
}

/** Polls GET /api/health every 20 ms until it answers 200. */
export async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}`);
    if ((await status(`${url}/api/health`)) === 200) return;
    await sleep(20);
  }
  throw new Error(`not healthy after ${timeoutMs} ms`);
}

function status(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', () => resolve(0));
    request.once('timeout', () => request.destroy());
  });
}
