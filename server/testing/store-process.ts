import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.join(import.meta.dirname, '../..');

export interface StoreProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGINT, then waits for the exit; returns the exit code. */
  stop(): Promise<number | null>;
}

/**
 * The real store as its own process (`node --import tsx server/main.ts`) on a data directory,
 * waited on until /api/health answers. `env` adds to or overrides the defaults.
 */
export async function startStoreProcess(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
}): Promise<StoreProcess> {
  const { dataDir, port } = options;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i += 1) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      return {
        child,
        port,
        base,
        output: () => output,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
          return exited;
        },
      };
    }
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the store did not become healthy:\n${output}`);
}

/** True while any process (PostgreSQL, above all) still runs with this data directory. */
export function processesOn(dataDir: string): boolean {
  try {
    return execFileSync('pgrep', ['-f', dataDir], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}
