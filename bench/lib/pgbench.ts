import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';

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
  tps: number;
  latencyAverageMs: number;
  failed: number;
}

/** `pgbench -N` (simple update transactions): the database's own ceiling for small writes. */
export async function pgbenchSimpleUpdate(
  pgbench: string,
  databaseUrl: string,
  clients: number,
  seconds: number,
): Promise<PgbenchResult> {
  const { stdout } = await run(
    pgbench,
    ['-N', '-c', String(clients), '-j', '2', '-T', String(seconds)],
    { env: connectionEnv(databaseUrl), maxBuffer: 16 * 1024 * 1024 },
  );
  const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? Number.NaN);
  return {
    tps: number(/tps = ([\d.]+) \(without initial connection time\)/),
    latencyAverageMs: number(/latency average = ([\d.]+) ms/),
    failed: number(/number of failed transactions: (\d+)/) || 0,
  };
}
