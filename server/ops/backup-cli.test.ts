import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.ts';
import { makeDataDir } from '../testing/data-dir.ts';
import { runStoreUntilExit, startStoreProcess } from '../testing/store-process.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
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
});
