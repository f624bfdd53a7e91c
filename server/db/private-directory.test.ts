import { chmod, cp, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterPlaces } from './cluster-place.ts';
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
      await chmod(dataDir, 0o755);
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

  it.runIf(isRoot)(
    'keeps the cluster of a DATA_DIR the postgres user cannot reach aside, says where, and changes no directory',
    async () => {
      // DATA_DIR inside a private home (mode 0700), as under /root.
      const home = await temp('private-home');
      await chmod(home, 0o700);
      const dataDir = path.join(home, 'toolyard', 'data');
      const clustersRoot = await temp('clusters');
      await chmod(clustersRoot, 0o755);
      const clustersDir = path.join(clustersRoot, 'clusters');
      const modesAbove = async () =>
        Promise.all(
          [home, path.dirname(home), '/'].map(async (dir) => (await stat(dir)).mode & 0o7777),
        );
      const before = await modesAbove();
      const lines: string[] = [];
      const seen = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });

      const first = await startEmbeddedPostgres({ dataDir, port: 0, log: seen, clustersDir });
      try {
        const client = new pg.Client({ connectionString: first.url });
        await client.connect();
        await client.query('create table kept (note text)');
        await client.query("insert into kept values ('still here')");
        await client.end();
      } finally {
        await first.stop();
      }
      expect(await modesAbove()).toEqual(before);
      expect((await stat(home)).mode & 0o777).toBe(0o700);
      const { aside } = clusterPlaces(dataDir, clustersDir);
      expect((await stat(path.join(aside, 'PG_VERSION'))).isFile()).toBe(true);
      const said = lines.filter((line) => line.includes('keeps its cluster in'));
      expect(said).toHaveLength(1);
      expect(said[0]).toContain(
        `cannot reach ${dataDir}: the embedded PostgreSQL keeps its cluster in ${aside}`,
      );

      // The next start finds the same cluster, with its data.
      const again = await startEmbeddedPostgres({ dataDir, port: 0, log, clustersDir });
      try {
        const client = new pg.Client({ connectionString: again.url });
        await client.connect();
        expect((await client.query('select note from kept')).rows).toEqual([
          { note: 'still here' },
        ]);
        await client.end();
      } finally {
        await again.stop();
      }
      expect(await modesAbove()).toEqual(before);
    },
  );

  it.runIf(isRoot)(
    'keeps the cluster inside a DATA_DIR it creates itself, in a directory the postgres user can enter',
    async () => {
      const open = await temp('open');
      await chmod(open, 0o755);
      const dataDir = path.join(open, 'new', 'data');
      const clustersDir = path.join(await temp('no-clusters'), 'clusters');
      const started = await startEmbeddedPostgres({ dataDir, port: 0, log, clustersDir });
      await started.stop();
      expect((await stat(path.join(dataDir, 'postgres', 'PG_VERSION'))).isFile()).toBe(true);
      expect((await stat(path.join(dataDir, 'secrets'))).mode & 0o777).toBe(0o700);
      await expect(stat(clustersDir)).rejects.toThrow(/ENOENT/);
    },
  );

  it.runIf(isRoot)(
    'refuses, with the one-line fix, a cluster inside a DATA_DIR the postgres user can no longer reach',
    async () => {
      const home = await temp('closed-home');
      const dataDir = path.join(home, 'data');
      const clusterDir = path.join(dataDir, 'postgres');
      await mkdir(clusterDir, { recursive: true });
      await writeFile(path.join(clusterDir, 'PG_VERSION'), '18\n');
      await chmod(home, 0o700);
      const clustersDir = path.join(await temp('unused-clusters'), 'clusters');
      await expect(startEmbeddedPostgres({ dataDir, port: 0, log, clustersDir })).rejects.toThrow(
        `the postgres user cannot reach the cluster in ${clusterDir} (${home} is closed to it). To fix: let it pass with chmod o+x ${home}, or move DATA_DIR out of the private directory.`,
      );
      expect((await stat(home)).mode & 0o777).toBe(0o700);
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
