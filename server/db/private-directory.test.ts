import { chmod, cp, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';
import { canReach, shippedBinaries } from './postgres-binaries.ts';

const log = pino({ level: 'silent' });
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
const temp = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `toolyard-${name}-`));
  dirs.push(dir);
  return dir;
};

const isRoot = process.getuid?.() === 0;

describe('the embedded PostgreSQL from a directory the postgres user cannot enter', () => {
  // Only root hands PostgreSQL to another user; as anyone else there is nothing to reach.
  it.runIf(isRoot)(
    'starts from a copy of the binaries it can reach, and changes no permission of the private directory',
    async () => {
      // A clone under /root (mode 0700) keeps its node_modules there: the same, in miniature.
      const home = await temp('home');
      const shipped = await shippedBinaries();
      const privateNative = path.join(home, 'clone', 'node_modules', 'pkg', 'native');
      await mkdir(path.dirname(privateNative), { recursive: true });
      await cp(shipped.dir, privateNative, { recursive: true, verbatimSymlinks: true });
      await cp(
        path.join(shipped.dir, '..', 'package.json'),
        path.join(privateNative, '..', 'package.json'),
      );
      await chmod(home, 0o700);

      const dataDir = await temp('data');
      // Where the copy goes (by default /var/lib/toolyard/postgres): root's own, open to enter.
      const cacheRoot = await temp('cache');
      await chmod(cacheRoot, 0o755);
      const cacheDir = path.join(cacheRoot, 'postgres');
      const started = await startEmbeddedPostgres({
        dataDir,
        port: 0,
        log,
        binaries: { nativeDir: privateNative, cacheDir },
      });
      try {
        const client = new pg.Client({ connectionString: started.url });
        await client.connect();
        expect((await client.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
        await client.end();
      } finally {
        await started.stop();
      }
      expect((await stat(home)).mode & 0o777).toBe(0o700);
      const copy = path.join(cacheDir, `${shipped.version}-${process.platform}-${process.arch}`);
      const marker = await stat(path.join(copy, '.complete'));

      // The next start finds the copy and makes none.
      const again = await startEmbeddedPostgres({
        dataDir,
        port: 0,
        log,
        binaries: { nativeDir: privateNative, cacheDir },
      });
      await again.stop();
      expect((await stat(path.join(copy, '.complete'))).mtimeMs).toBe(marker.mtimeMs);
    },
  );

  it('tells which paths a user can reach by their permission bits', async () => {
    const open = await temp('open');
    const user = { uid: 4242, gid: 4242 };
    const file = path.join(open, 'bin');
    await writeFile(file, '#!/bin/sh\n', { mode: 0o755 });
    await chmod(open, 0o755);
    expect(await canReach(file, user)).toBe(true);
    await chmod(open, 0o700);
    expect(await canReach(file, user)).toBe(false);
    await chmod(open, 0o701);
    expect(await canReach(file, user)).toBe(true);
    await chmod(file, 0o744);
    expect(await canReach(file, user)).toBe(false);
  });
});
