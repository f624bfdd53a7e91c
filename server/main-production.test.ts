import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../contract/system.ts';
import { DEMO_ACCOUNTS } from './db/demo-accounts.ts';
import { freePort } from './free-port.ts';
import { makeDataDir } from './testing/data-dir.ts';
import { goingLiveEnv } from './testing/going-live-env.ts';
import { processesOn, runStoreUntilExit, startStoreProcess } from './testing/store-process.ts';

// A production store (NODE_ENV=production, as its own process): what it refuses at start, what it
// seeds, and that the README's production settings run it.

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function newDataDir(): Promise<string> {
  const dir = await makeDataDir('toolyard-production-');
  dirs.push(dir);
  return dir;
}

/** The README's production settings on this data directory, and whatever else the test adds. */
const production = (dataDir: string, more: Record<string, string> = {}) => ({
  ...goingLiveEnv,
  DATA_DIR: dataDir,
  ...more,
});

async function signInStatus(base: string, email: string, password: string): Promise<number> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: goingLiveEnv.PUBLIC_URL, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

const toolCount = async (base: string) =>
  ((await (await fetch(`${base}/api/tools`)).json()) as unknown[]).length;

describe('a production start', () => {
  it('without its settings stops at once and lists every one missing', async () => {
    const dataDir = await newDataDir();
    const { code, stderr } = await runStoreUntilExit({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
    });
    expect(code).toBe(1);
    for (const name of [
      'SESSION_SECRET',
      'PUBLIC_URL',
      'STRIPE_SECRET_KEY',
      'SMTP_URL',
      'SELLER_NAME, SELLER_ADDRESS and SELLER_TAX_ID',
    ]) {
      expect(stderr).toMatch(new RegExp(`\\n {2}- ${name}[ ,:]`));
    }
    expect(processesOn(dataDir)).toBe(false);
  }, 60_000);

  it('with the README settings runs, seeds nothing, and with SEED_DEMO gives no account a password', async () => {
    const dataDir = await newDataDir();
    const port = await freePort();
    const bare = await startStoreProcess({ dataDir, port, env: production(dataDir) });
    try {
      expect(await toolCount(bare.base)).toBe(0);
      expect(bare.output()).not.toMatch(/PAYMENTS=|MAIL=|TAX_RATE/);
    } finally {
      expect(await bare.stop()).toBe(0);
    }

    const seeded = await startStoreProcess({
      dataDir,
      port,
      env: production(dataDir, { SEED_DEMO: 'true' }),
    });
    try {
      expect(await toolCount(seeded.base)).toBeGreaterThanOrEqual(12);
      for (const demo of Object.values(DEMO_ACCOUNTS)) {
        expect(await signInStatus(seeded.base, demo.email, demo.password)).toBe(401);
      }
    } finally {
      expect(await seeded.stop()).toBe(0);
    }
  }, 120_000);

  it('refuses to run while an account has a demo password, until it has a new one', async () => {
    const dataDir = await newDataDir();
    const port = await freePort();
    // A development store seeds the demo accounts; then the same data goes live.
    const demo = await startStoreProcess({ dataDir, port });
    expect(await demo.stop()).toBe(0);

    const refused = await runStoreUntilExit({ ...production(dataDir), PORT: String(port) });
    expect(refused.code).toBe(1);
    const lines = refused.stderr.split('\n').filter((line) => line.includes('could not start'));
    expect(lines, refused.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      /admin@example\.com, customer@example\.com still have a demo password published in the README\. To fix: .*npm run admin -- new-password EMAIL/,
    );
    expect(processesOn(dataDir)).toBe(false);

    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const changed = await runStoreUntilExit(production(dataDir), {
        script: 'server/cli/admin.ts',
        args: ['new-password', account.email],
        withStdout: true,
      });
      expect(changed.code, changed.stderr).toBe(0);
      expect(changed.stderr).toMatch(/now has the password \S{20,} \(shown once\)/);
    }
    const live = await startStoreProcess({ dataDir, port, env: production(dataDir) });
    try {
      const admin = DEMO_ACCOUNTS.admin;
      expect(await signInStatus(live.base, admin.email, admin.password)).toBe(401);
    } finally {
      expect(await live.stop()).toBe(0);
    }
  }, 180_000);

  it('warns at every start that it takes test payments or keeps mail in a folder', async () => {
    const dataDir = await newDataDir();
    const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, SMTP_URL, ...rest } =
      production(dataDir);
    const store = await startStoreProcess({
      dataDir,
      port: await freePort(),
      env: { ...rest, PAYMENTS: 'test', MAIL: 'outbox' },
    });
    try {
      const config = (await (await fetch(`${store.base}/api/config`)).json()) as PublicConfig;
      expect(config.payments).toEqual({
        provider: 'test',
        publishableKey: null,
        isTestModeAnnounced: true,
      });
      expect(store.output()).toContain('PAYMENTS=test: this store takes test cards and no money');
      expect(store.output()).toContain('MAIL=outbox: mail is written to DATA_DIR/outbox');
    } finally {
      expect(await store.stop()).toBe(0);
    }
  }, 60_000);
});
