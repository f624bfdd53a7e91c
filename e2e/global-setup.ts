import { type ChildProcess, execFileSync, execSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const HEALTH_TIMEOUT_MS = 90_000;

/**
 * Builds the web app once, then starts the real store (`node --import tsx server/main.ts`) on a
 * fresh data directory: its own embedded PostgreSQL, seeded with the demo catalogue. Returns the
 * teardown, which stops the server with SIGINT and checks that no PostgreSQL is left behind.
 */
export default async function globalSetup() {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (playwright.config.ts sets it).');

  execSync('npm run build', { stdio: ['ignore', 'ignore', 'inherit'] });

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolyard-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Tests read the database location from here (e2e/fixtures/database.ts).
  process.env.E2E_DATA_DIR = dataDir;

  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, server);
  } catch (error) {
    await stopServer(server, dataDir);
    throw error;
  }
  return () => stopServer(server, dataDir);
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
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

async function stopServer(server: ChildProcess, dataDir: string): Promise<void> {
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
  await rm(dataDir, { recursive: true, force: true });
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
