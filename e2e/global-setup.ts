import { type ChildProcess, execFileSync, execSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startOidcStandIn } from '../server/testing/oidc-stand-in.ts';
import { GOOGLE_ACCOUNTS, GOOGLE_CLIENT } from './google-accounts.ts';

const HEALTH_TIMEOUT_MS = 90_000;

/**
 * Builds the web app once, starts the Google stand-in (a real OpenID Connect provider on loopback),
 * then starts the real store (`node --import tsx server/main.ts`) on a fresh data directory: its own
 * embedded PostgreSQL, seeded with the demo catalogue, Google sign-in pointed at the stand-in.
 * Returns the teardown, which stops the server with SIGINT, checks that no PostgreSQL is left
 * behind and closes the stand-in.
 */
export default async function globalSetup() {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (playwright.config.ts sets it).');

  execSync('npm run build', { stdio: ['ignore', 'ignore', 'inherit'] });

  // The address the browser uses (Playwright's baseURL); Google sends people back to it.
  const publicUrl = `http://localhost:${port}`;
  const google = await startOidcStandIn({
    clientId: GOOGLE_CLIENT.id,
    clientSecret: GOOGLE_CLIENT.secret,
    redirectUri: `${publicUrl}/api/auth/callback/google`,
    accounts: Object.values(GOOGLE_ACCOUNTS),
  });
  // Tests check they reach its login page (e2e/google-accounts.ts).
  process.env.E2E_GOOGLE_ISSUER = google.issuer;

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolyard-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_DISCOVERY_URL: google.discoveryUrl,
      // Every journey signs the demo admin in through the API, all within ten minutes: the
      // per-email sign-in limit stays on, with room for the suite. (The limits themselves are
      // proven in server/http/rate-limit.test.ts.)
      RATE_LIMIT_AUTH_PER_EMAIL: '60/10m',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Tests read the database location from here (e2e/fixtures/database.ts).
  process.env.E2E_DATA_DIR = dataDir;

  const stop = async () => {
    try {
      await stopServer(server, dataDir);
    } finally {
      await google.close();
    }
  };
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
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
