import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_BUNDLE } from './server-build.ts';
import { waitUntil } from './wait-until.ts';

const root = path.join(import.meta.dirname, '../..');

export interface StoreProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the process printed so far. */
  output(): string;
  /**
   * SIGINT (a person's Ctrl-C; SIGTERM for a deploy's stop, which drains first), then waits for
   * the exit (SIGKILL after 60 s: the store bounds its own stop, PostgreSQL's last checkpoint
   * aside); returns the exit code.
   */
  stop(signal?: 'SIGINT' | 'SIGTERM'): Promise<number | null>;
}

const HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 60_000;

/**
 * The real store as its own process (`node --import tsx server/main.ts`) on a data directory,
 * waited on until /api/health answers. `env` adds to or overrides the defaults.
 */
export async function startStoreProcess(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  /** Serve the built web app too (the browser journeys); the API alone otherwise. */
  serveWeb?: boolean;
  /** Also print what the store prints, as it comes (the browser journeys' log). */
  echo?: boolean;
  /** Run the built store (dist/server/main.mjs, server/testing/server-build.ts) instead. */
  built?: boolean;
}): Promise<StoreProcess> {
  const { dataDir, port } = options;
  let output = '';
  const entry = options.built ? [SERVER_BUNDLE] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(options.serveWeb ? {} : { WEB_DIST_DIR: path.join(dataDir, 'no-web') }),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    if (options.echo) process.stdout.write(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    if (options.echo) process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const base = `http://127.0.0.1:${port}`;
  let isHealthy = false;
  // Healthy, or gone (it said why in its output).
  await waitUntil(
    async () => {
      isHealthy = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      return isHealthy || child.exitCode !== null;
    },
    { timeoutMs: HEALTH_TIMEOUT_MS, intervalMs: 250 },
  );
  if (isHealthy) {
    return {
      child,
      port,
      base,
      output: () => output,
      async stop(signal = 'SIGINT') {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        try {
          return await exited;
        } finally {
          clearTimeout(timer);
        }
      },
    };
  }
  child.kill('SIGKILL');
  throw new Error(`the store did not become healthy:\n${output}`);
}

/** The processes (PostgreSQL, above all) whose command line names this data directory. */
export function processIdsOn(dataDir: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', dataDir], { encoding: 'utf8' })
      .split('\n')
      .map(Number)
      .filter((pid) => pid > 0 && pid !== process.pid);
  } catch {
    return []; // pgrep exits 1 when nothing matches.
  }
}

/** True while any process (PostgreSQL, above all) still runs with this data directory. */
export function processesOn(dataDir: string): boolean {
  return processIdsOn(dataDir).length > 0;
}

/**
 * Runs `node --import tsx <script> ...args` in the checkout until it exits on its own (the store,
 * by default, when it refuses to start); answers its exit code and everything it printed to stderr
 * (stdout too, with `withStdout`).
 */
export function runStoreUntilExit(
  env: Record<string, string>,
  { script = 'server/main.ts', args = [] as string[], withStdout = false } = {},
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', withStdout ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    child.stdout?.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}
