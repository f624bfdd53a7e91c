import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { profileLinkLabel } from './config-values.ts';
import { demoSeller } from './db/seed-data.ts';

const dirs: string[] = [];
async function dataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'toolyard-config-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has working defaults for the embedded store', async () => {
    const DATA_DIR = await dataDir();
    const config = loadConfig({ DATA_DIR });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir: DATA_DIR,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      currency: 'USD',
      adminEmails: [],
      seedDemo: true,
    });
    expect(config.trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    // The generated session secret is kept, so sessions survive a restart.
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR }).sessionSecret).toBe(config.sessionSecret);
    expect((await readFile(path.join(DATA_DIR, 'secrets', 'session-secret'), 'utf8')).trim()).toBe(
      config.sessionSecret,
    );
  });

  it('does not seed an external database unless asked', async () => {
    const DATA_DIR = await dataDir();
    const url = 'postgres://u:p@db.example.com:5432/toolyard';
    expect(loadConfig({ DATA_DIR, DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR, DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('parses lists and normalises emails', async () => {
    const config = loadConfig({
      DATA_DIR: await dataDir(),
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,',
      PUBLIC_URL: 'https://shop.example.com/',
      TRUSTED_ORIGINS: 'http://localhost:5173',
    });
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(config.trustedOrigins).toEqual(['https://shop.example.com', 'http://localhost:5173']);
    // An address the store's forms would refuse is refused here too (contract/common.ts).
    const DATA_DIR = await dataDir();
    const longLabel = `boss@${'a'.repeat(64)}.com`;
    expect(() => loadConfig({ DATA_DIR, ADMIN_EMAILS: `ops@example.com,${longLabel}` })).toThrow(
      /ADMIN_EMAILS: Must be a comma-separated list of email addresses/,
    );
    expect(() => loadConfig({ DATA_DIR, SELLER_EMAIL: longLabel })).toThrow(/SELLER_EMAIL/);
  });

  it("takes the company's own profile pages for the footer, and refuses a site's home page", async () => {
    const DATA_DIR = await dataDir();
    const config = loadConfig({
      DATA_DIR,
      SOCIAL_LINKS:
        'https://www.linkedin.com/company/toolyard-tools, https://www.youtube.com/@toolyard,',
    });
    expect(config.socialLinks).toEqual([
      'https://www.linkedin.com/company/toolyard-tools',
      'https://www.youtube.com/@toolyard',
    ]);
    expect(config.socialLinks.map(profileLinkLabel)).toEqual(['LinkedIn', 'YouTube']);
    expect(profileLinkLabel('https://shop.example.org/toolyard')).toBe('shop.example.org');
    expect(loadConfig({ DATA_DIR }).socialLinks).toEqual([]);
    for (const link of ['https://www.linkedin.com/', 'http://x.com/toolyard', 'linkedin']) {
      expect(() => loadConfig({ DATA_DIR, SOCIAL_LINKS: link })).toThrow(/SOCIAL_LINKS/);
    }
  });

  it('lists every bad variable at once', async () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: '/tmp',
        PORT: 'eighty',
        CURRENCY: 'dollars',
        DATABASE_URL: 'mysql://x',
        ADMIN_EMAILS: 'not-an-email',
        SEED_DEMO: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'CURRENCY', 'DATABASE_URL', 'ADMIN_EMAILS', 'SEED_DEMO']) {
        expect(problems).toContain(name);
      }
      // Sentences people read, not zod's own wording.
      expect(problems).toContain('PORT: Must be a whole number.');
      expect(problems).not.toMatch(/Too small|Invalid input|expected/);
    }
  });

  it('reads the invoice settings: a tax percentage and the seller, a demo company in a demo store', async () => {
    const DATA_DIR = await dataDir();
    // A demo store's invoice looks complete; a store without the demo names only itself.
    expect(loadConfig({ DATA_DIR }).invoicing.seller).toEqual({ ...demoSeller });
    expect(
      loadConfig({
        DATA_DIR,
        STORE_NAME: 'Anvil & Co',
        DATABASE_URL: 'postgres://u:p@db.example.com:5432/toolyard',
      }).invoicing,
    ).toEqual({
      taxRateBasisPoints: 0,
      pricesIncludeTax: true,
      sellerCountry: null,
      euSellerCountry: null,
      seller: { name: 'Anvil & Co', address: null, taxId: null, email: null },
    });
    expect(loadConfig({ DATA_DIR, SELLER_NAME: 'Anvil Trading Ltd' }).invoicing.seller).toEqual({
      name: 'Anvil Trading Ltd',
      address: null,
      taxId: null,
      email: null,
    });
    expect(
      loadConfig({
        DATA_DIR,
        TAX_RATE: '7.25',
        SELLER_NAME: 'Anvil Trading Ltd',
        SELLER_ADDRESS: '1 Forge Lane\\nSheffield S1 2AB',
        SELLER_TAX_ID: 'GB123456789',
        SELLER_EMAIL: 'accounts@anvil.example',
      }).invoicing,
    ).toEqual({
      taxRateBasisPoints: 725,
      pricesIncludeTax: true,
      // A British seller: no reverse charge.
      sellerCountry: 'GB',
      euSellerCountry: null,
      seller: {
        name: 'Anvil Trading Ltd',
        address: '1 Forge Lane\nSheffield S1 2AB',
        taxId: 'GB123456789',
        email: 'accounts@anvil.example',
      },
    });
    for (const TAX_RATE of ['-1', '101', '7.125', 'twenty']) {
      expect(() => loadConfig({ DATA_DIR, TAX_RATE }), TAX_RATE).toThrow(/TAX_RATE/);
    }
  });

  it('trusts no proxy by default, and takes a hop count or proxy addresses, never "all"', async () => {
    const DATA_DIR = await dataDir();
    const defaults = loadConfig({ DATA_DIR });
    expect(defaults.trustProxy).toBe(false);
    expect(defaults.http).toEqual({
      requestTimeoutMs: 30_000,
      maxConnections: 4096,
      maxConnectionsPerIp: 256,
      keepAliveTimeoutMs: 5_000,
    });
    expect(defaults.paymentWindowMs).toBe(24 * 3_600_000);
    expect(defaults.unpaidCaps).toEqual({ orders: 5, stockSharePercent: 50 });

    expect(loadConfig({ DATA_DIR, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    const listed = loadConfig({ DATA_DIR, TRUST_PROXY: '10.0.0.0/8, 192.0.2.7, ::1, loopback' });
    expect(listed.trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7', '::1', 'loopback']);
    // Behind proxies every connection comes from a proxy: no per-address connection cap there.
    expect(listed.http.maxConnectionsPerIp).toBe(0);
    // Behind a proxy, idle connections outlive the proxy's own (60 s is common).
    expect(listed.http.keepAliveTimeoutMs).toBe(72_000);
    for (const value of ['true', '*', '10.0.0.0/33', 'proxy.example.com', '1.2.3']) {
      expect(() => loadConfig({ DATA_DIR, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});
