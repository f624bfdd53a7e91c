import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';

const HEALTH_TIMEOUT_MS = 90_000;

/**
 * The real store as its own process (`node --import tsx server/main.ts`) on a data directory: its
 * embedded PostgreSQL starts and stops with it. The browser journeys run against one; the outage
 * journey starts, stops and restarts one of its own.
 */
export function spawnStore(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The store exited with code ${server.exitCode} while starting.`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The store did not answer ${url} within ${HEALTH_TIMEOUT_MS / 1000} s.`);
}

/** Stops the store with SIGINT (its PostgreSQL with it) and checks nothing is left running. */
export async function stopStore(server: ChildProcess, dataDir: string): Promise<void> {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill('SIGINT');
    const timeout = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), 30_000),
    );
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      console.error('The store did not stop within 30 s after SIGINT; killing it.');
      server.kill('SIGKILL');
    }
  }
  const leftovers = processesUsing(dataDir);
  if (leftovers.length > 0) {
    console.error(
      `PostgreSQL was left running on ${dataDir} (pids ${leftovers.join(', ')}); stopping it.`,
    );
    for (const pid of leftovers) process.kill(pid, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  if (leftovers.length > 0) throw new Error('The store left PostgreSQL running after SIGINT.');
}

/** Processes whose command line names the data directory (the embedded PostgreSQL's does). */
function processesUsing(dataDir: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', dataDir], { encoding: 'utf8' })
      .split('\n')
      .map(Number)
      .filter((pid) => pid > 0 && pid !== process.pid);
  } catch {
    return []; // pgrep exits 1 when nothing matches.
  }
}

/** Stops the store, then removes its data directory. */
export async function stopServer(server: ChildProcess, dataDir: string): Promise<void> {
  try {
    await stopStore(server, dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
