import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDataDir } from '../testing/data-dir.ts';
import { embeddedDataDir, runningEmbeddedUrl, startEmbeddedPostgres } from './embedded.ts';

const log = pino({ level: 'silent' });
const dirs: string[] = [];

async function tempDataDir(): Promise<string> {
  const dir = await makeDataDir('toolyard-embedded-');
  dirs.push(dir);
  return dir;
}

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('keeps its data across a stop and a start', async () => {
    const dataDir = await tempDataDir();
    const first = await startEmbeddedPostgres({ dataDir, port: 0, log });
    expect(first.isNew).toBe(true);
    await query(
      first.url,
      'create table kept (value text); insert into kept values ($$still here$$)',
    );
    await first.stop();
    expect(await runningEmbeddedUrl(dataDir)).toBeUndefined();

    const second = await startEmbeddedPostgres({ dataDir, port: 0, log });
    expect(second.isNew).toBe(false);
    expect(await query(second.url, 'select value from kept')).toEqual([{ value: 'still here' }]);
    await second.stop();
  });

  it("refuses a second start on a running store's data directory and leaves the first running", async () => {
    const dataDir = await tempDataDir();
    const first = await startEmbeddedPostgres({ dataDir, port: 0, log });
    try {
      await expect(startEmbeddedPostgres({ dataDir, port: 0, log })).rejects.toThrow(
        `another store is running on DATA_DIR ${path.resolve(dataDir)}, pid ${process.pid}`,
      );
      expect(await query(first.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    } finally {
      await first.stop();
    }
  });

  it('recovers after the process that started it was killed', async () => {
    const dataDir = await tempDataDir();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, '../testing/fixtures/start-embedded.ts'),
        dataDir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const { url } = await new Promise<{ url: string }>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString())));
      child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
    });
    await query(
      url,
      'create table committed (n int); insert into committed select generate_series(1, 100)',
    );
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    // The orphaned server still holds the cluster, as after a real crash.
    const orphanPid = Number(
      (await readFile(path.join(embeddedDataDir(dataDir), 'postmaster.pid'), 'utf8')).split(
        '\n',
      )[0],
    );
    expect(isRunning(orphanPid)).toBe(true);

    const restarted = await startEmbeddedPostgres({ dataDir, port: 0, log });
    expect(isRunning(orphanPid)).toBe(false);
    expect(await query(restarted.url, 'select count(*)::int as n from committed')).toEqual([
      { n: 100 },
    ]);
    await restarted.stop();
  });

  it('starts when a crash left a stale lock file behind', async () => {
    const dataDir = await tempDataDir();
    const first = await startEmbeddedPostgres({ dataDir, port: 0, log });
    await first.stop();
    const lockFile = path.join(embeddedDataDir(dataDir), 'postmaster.pid');
    // A pid that is not running, as if the machine had died.
    await writeFile(lockFile, '999999\n/nowhere\n0\n5432\n\n127.0.0.1\n0 0\nready\n');
    const second = await startEmbeddedPostgres({ dataDir, port: 0, log });
    expect(await query(second.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    await second.stop();
  });
});
