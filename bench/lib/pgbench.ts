import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sleep } from './processes.ts';
import { percentile } from './stats.ts';

const run = promisify(execFile);

/** pgbench from PATH or a Debian PostgreSQL; as root with apt, installs Debian's PostgreSQL. */
export function findPgbench(): string {
  const candidates = [
    process.env.PGBENCH_PATH,
    ...(process.env.PATH ?? '').split(':').map((dir) => `${dir}/pgbench`),
    ...versionDirs().map((dir) => `/usr/lib/postgresql/${dir}/bin/pgbench`),
  ];
  const found = candidates.find((file) => file && existsSync(file));
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('pgbench not found; installing Debian PostgreSQL (apt-get install -y postgresql)');
    spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq postgresql'], {
      stdio: 'inherit',
    });
    const installed = versionDirs()
      .map((dir) => `/usr/lib/postgresql/${dir}/bin/pgbench`)
      .find((file) => existsSync(file));
    if (installed) return installed;
  }
  throw new Error(
    'pgbench was not found: install PostgreSQL (apt-get install -y postgresql) or set PGBENCH_PATH.',
  );
}

function versionDirs(): string[] {
  try {
    return readdirSync('/usr/lib/postgresql').sort().reverse();
  } catch {
    return [];
  }
}

export async function pgbenchVersion(pgbench: string): Promise<string> {
  const { stdout } = await run(pgbench, ['--version']);
  return stdout.trim().replace(/^pgbench \(PostgreSQL\) /, '');
}

function connectionEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  return {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port,
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: url.pathname.slice(1),
  };
}

/** `pgbench -i` into the database of `databaseUrl` (which must exist). */
export async function pgbenchInit(pgbench: string, databaseUrl: string, scale: number) {
  await run(pgbench, ['-i', '-q', '-s', String(scale)], { env: connectionEnv(databaseUrl) });
}

export interface PgbenchResult {
  /**
   * Transactions per second once every client has connected and warmed up (after the first
   * seconds: a new connection reads the catalogues and compiles the functions it calls, which the
   * store's pool did long before), from pgbench's per-transaction log.
   */
  tps: number;
  latencyAverageMs: number;
  /** The 99th percentile of the settled transactions' latencies. */
  p99Ms: number;
  /** Transactions completed once settled. */
  transactions: number;
  /** Transactions completed in all. */
  allTransactions: number;
  /** `cpu()`'s growth over the settled transactions (e.g. PostgreSQL's CPU seconds). */
  cpu: number;
  /** Transactions that failed, and clients that aborted on an error. */
  failed: number;
  /** What the first errors said (pgbench's stderr). */
  examples: string[];
}

export interface PgbenchRun {
  clients: number;
  seconds: number;
  /** Read once settled and at the end: what the settled transactions cost (CPU seconds). */
  cpu?: () => number;
}

/** `pgbench -N` (simple update transactions): the database's own ceiling for small writes. */
export function pgbenchSimpleUpdate(
  pgbench: string,
  databaseUrl: string,
  run: PgbenchRun,
): Promise<PgbenchResult> {
  return runPgbench(pgbench, databaseUrl, ['-N'], run);
}

/** pgbench running a script of our own (`-f`, simple query protocol) instead of its built-ins. */
export function pgbenchScript(
  pgbench: string,
  databaseUrl: string,
  script: string,
  run: PgbenchRun,
): Promise<PgbenchResult> {
  return runPgbench(pgbench, databaseUrl, ['-n', '-f', script], run);
}

async function runPgbench(
  pgbench: string,
  databaseUrl: string,
  what: string[],
  { clients, seconds, cpu = () => 0 }: PgbenchRun,
): Promise<PgbenchResult> {
  const logs = mkdtempSync(path.join(tmpdir(), 'toolyard-pgbench-'));
  try {
    const args = [...what, '-c', String(clients), '-j', '2', '-T', String(seconds)];
    const logArgs = ['-l', `--log-prefix=${path.join(logs, 'tx')}`];
    // A client that hits an error aborts, and pgbench then exits with status 2: its figures are
    // still printed for the transactions that completed.
    const running = run(pgbench, [...args, ...logArgs], {
      env: connectionEnv(databaseUrl),
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      if (error.stdout === undefined) throw error;
      return { stdout: error.stdout, stderr: error.stderr ?? '' };
    });
    await sleep(Math.min(2, seconds / 3) * 1000);
    const settled = { at: Date.now() / 1000, cpu: cpu() };
    const { stdout, stderr } = await running;
    const cpuUsed = cpu() - settled.cpu;
    const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? Number.NaN);
    const aborted = stderr.split('\n').filter((line) => /aborted|ERROR/.test(line));
    // Each line of the log: client, transaction, latency (µs), script, and when it ended (epoch
    // seconds, µs).
    const ended = readdirSync(logs)
      .flatMap((file) => readFileSync(path.join(logs, file), 'utf8').split('\n'))
      .filter(Boolean)
      .map((line) => {
        const fields = line.split(' ').map(Number);
        return {
          latencyMs: (fields[2] ?? 0) / 1000,
          at: (fields[4] ?? 0) + (fields[5] ?? 0) / 1e6,
        };
      })
      .filter((tx) => tx.at >= settled.at);
    const last = Math.max(...ended.map((tx) => tx.at));
    const latencies = ended.map((tx) => tx.latencyMs).sort((a, b) => a - b);
    return {
      tps: ended.length / (last - settled.at),
      latencyAverageMs: latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length,
      p99Ms: percentile(latencies, 99),
      transactions: ended.length,
      allTransactions: number(/number of transactions actually processed: (\d+)/),
      cpu: cpuUsed,
      failed: (number(/number of failed transactions: (\d+)/) || 0) + aborted.length,
      examples: aborted.slice(0, 3),
    };
  } finally {
    rmSync(logs, { recursive: true, force: true });
  }
}
