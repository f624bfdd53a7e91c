import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../free-port.ts';
import { makeDataDir } from '../testing/data-dir.ts';
import { withDatabase } from '../testing/global-setup.ts';
import { runStoreUntilExit, startStoreProcess } from '../testing/store-process.ts';

const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  if (databases.length > 0)
    await onTestServer(databases.map((name) => `drop database if exists ${name} with (force)`));
});

/** Runs statements on the test server (embedded, or TEST_DATABASE_URL's: Debian's in CI). */
async function onTestServer(statements: string[]) {
  const admin = new pg.Client({
    connectionString: withDatabase(inject('pgServerUrl'), 'postgres'),
  });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on the test server (no migration run): its URL. */
async function emptyDatabase(): Promise<string> {
  const name = `toolyard_restore_${randomBytes(6).toString('hex')}`;
  databases.push(name);
  await onTestServer([`create database ${name}`]);
  return withDatabase(inject('pgServerUrl'), name);
}
const newDir = async (prefix: string) => {
  const dir = await makeDataDir(prefix);
  dirs.push(dir);
  return dir;
};

describe('npm run backup and npm run restore', () => {
  it('back up the embedded database of a running store, and restore it into a fresh DATA_DIR that a store then serves', async () => {
    const dataDir = await newDir('toolyard-backup-source-');
    const store = await startStoreProcess({
      dataDir,
      port: await freePort(),
      env: { SEED_DEMO: 'true' },
    });
    const folder = path.join(await newDir('toolyard-backup-folder-'), 'nightly');
    let tools: unknown;
    try {
      tools = await (await fetch(`${store.base}/api/tools`)).json();
      const backup = await runStoreUntilExit(
        { DATA_DIR: dataDir },
        { script: 'server/cli/backup.ts', args: [folder], withStdout: true },
      );
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stderr).toMatch(/Backed up \d+ rows in \d+ tables and \d+ uploaded files/);
    } finally {
      expect(await store.stop()).toBe(0);
    }

    const freshDir = await newDir('toolyard-backup-restored-');
    const restore = await runStoreUntilExit(
      { DATA_DIR: freshDir },
      { script: 'server/cli/restore.ts', args: [folder], withStdout: true },
    );
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stderr).toMatch(/every table and file matches it/);
    const again = await runStoreUntilExit(
      { DATA_DIR: freshDir },
      { script: 'server/cli/restore.ts', args: [folder], withStdout: true },
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/Nothing was restored: The database already holds data/);

    const restored = await startStoreProcess({ dataDir: freshDir, port: await freePort() });
    try {
      expect(await (await fetch(`${restored.base}/api/tools`)).json()).toEqual(tools);
    } finally {
      expect(await restored.stop()).toBe(0);
    }
  }, 180_000);

  it('back up a store on DATABASE_URL, and restore it into an empty DATABASE_URL database that a store then serves', async () => {
    // On TEST_DATABASE_URL's server when given (CI: Debian's PostgreSQL, another major version).
    const source = await emptyDatabase();
    const sourceDir = await newDir('toolyard-backup-url-source-');
    const store = await startStoreProcess({
      dataDir: sourceDir,
      port: await freePort(),
      env: { DATABASE_URL: source, SEED_DEMO: 'true' },
    });
    const folder = path.join(await newDir('toolyard-backup-url-folder-'), 'nightly');
    let tools: unknown;
    try {
      tools = await (await fetch(`${store.base}/api/tools`)).json();
      const backup = await runStoreUntilExit(
        { DATABASE_URL: source, DATA_DIR: sourceDir },
        { script: 'server/cli/backup.ts', args: [folder], withStdout: true },
      );
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stderr).toMatch(/Backed up \d+ rows in \d+ tables/);
    } finally {
      expect(await store.stop()).toBe(0);
    }

    const target = await emptyDatabase();
    const restoredDir = await newDir('toolyard-backup-url-restored-');
    const restore = await runStoreUntilExit(
      { DATABASE_URL: target, DATA_DIR: restoredDir },
      { script: 'server/cli/restore.ts', args: [folder], withStdout: true },
    );
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stderr).toMatch(/every table and file matches it/);

    const restored = await startStoreProcess({
      dataDir: restoredDir,
      port: await freePort(),
      env: { DATABASE_URL: target },
    });
    try {
      expect(await (await fetch(`${restored.base}/api/tools`)).json()).toEqual(tools);
    } finally {
      expect(await restored.stop()).toBe(0);
    }
  }, 180_000);
});
