import { describe, expect, it } from 'vitest';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { goingLiveEnv } from './testing/going-live-env.ts';

const without = (...names: (keyof typeof goingLiveEnv)[]) =>
  Object.fromEntries(
    Object.entries(goingLiveEnv).filter(([name]) => !names.includes(name as never)),
  );

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('a production store', () => {
  it("starts with the README's production settings: no demo seed, no shortcut, nothing to warn of", () => {
    const config: Config = loadConfig(goingLiveEnv);
    expect(config).toMatchObject({
      env: 'production',
      seedDemo: false,
      isTestModeAnnounced: false,
      startWarnings: [],
      smtpUrl: goingLiveEnv.SMTP_URL,
    });
    expect(config.stripe?.secretKey).toBe('sk_live_x');
    expect(config.invoicing.seller).toEqual({
      name: 'Anvil Trading Ltd',
      address: '1 Forge Lane\nSheffield S1 2AB',
      taxId: 'GB123456789',
      email: null,
    });
  });

  it('lists every missing setting at once, with the malformed ones, and says what to set', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DATA_DIR: '/tmp', PORT: 'eighty' });
    const expected = [
      /^PORT: /,
      /^SESSION_SECRET: Required in production/,
      /^PUBLIC_URL: Required in production: the https:\/\/ address/,
      /^STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: Required in production.*set PAYMENTS=test/,
      /^SMTP_URL: Required in production.*set MAIL=outbox/,
      /^SELLER_NAME, SELLER_ADDRESS and SELLER_TAX_ID: Required in production/,
    ];
    expect(problems).toHaveLength(expected.length);
    for (const [index, pattern] of expected.entries()) expect(problems[index]).toMatch(pattern);
  });

  it('refuses an http PUBLIC_URL and names each missing seller setting', () => {
    expect(problemsOf({ ...goingLiveEnv, PUBLIC_URL: 'http://shop.example.com' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: Required in production/),
    ]);
    expect(problemsOf(without('SELLER_ADDRESS', 'SELLER_TAX_ID'))).toEqual([
      expect.stringMatching(/^SELLER_ADDRESS and SELLER_TAX_ID: Required in production/),
    ]);
  });

  it("knows the seller's country from the tax number, or asks for SELLER_COUNTRY", () => {
    expect(loadConfig(goingLiveEnv).invoicing).toMatchObject({
      sellerCountry: 'GB',
      euSellerCountry: null,
    });
    expect(loadConfig({ ...goingLiveEnv, SELLER_TAX_ID: 'IE 6388047V' }).invoicing).toMatchObject({
      sellerCountry: 'IE',
      euSellerCountry: 'IE',
    });
    expect(problemsOf({ ...goingLiveEnv, SELLER_TAX_ID: '12-3456789' })).toEqual([
      expect.stringMatching(/^SELLER_COUNTRY: Required in production when SELLER_TAX_ID/),
    ]);
    expect(
      loadConfig({ ...goingLiveEnv, SELLER_TAX_ID: '12-3456789', SELLER_COUNTRY: 'us' }).invoicing
        .sellerCountry,
    ).toBe('US');
  });

  it('says each problem once, in a sentence, beside a malformed or blank value', () => {
    const problems = problemsOf({
      ...goingLiveEnv,
      SELLER_NAME: ' ',
      PUBLIC_URL: 'nonsense',
      DB_POOL_MAX: '1',
    });
    expect(problems).toEqual([
      'DB_POOL_MAX: Must be 2 or more.',
      expect.stringMatching(/^PUBLIC_URL: Required in production: the https:\/\/ address/),
      expect.stringMatching(/^SELLER_NAME: Required in production/),
    ]);
  });

  it('seeds only when told to, embedded database or not', () => {
    expect(loadConfig(goingLiveEnv).seedDemo).toBe(false);
    expect(loadConfig({ ...goingLiveEnv, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('takes test payments and keeps mail in the outbox only when told to, and warns of both', () => {
    const config = loadConfig({
      ...without(
        'STRIPE_SECRET_KEY',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'SMTP_URL',
      ),
      PAYMENTS: 'test',
      MAIL: 'outbox',
    });
    expect(config.stripe).toBeNull();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.isTestModeAnnounced).toBe(true);
    expect(config.startWarnings).toEqual([
      expect.stringMatching(/^PAYMENTS=test: this store takes test cards and no money/),
      expect.stringMatching(/^MAIL=outbox: mail is written to DATA_DIR\/outbox/),
    ]);
  });
});

describe('PAYMENTS and MAIL, in any mode', () => {
  it('must agree with the settings they name', () => {
    expect(problemsOf({ DATA_DIR: '/tmp', PAYMENTS: 'stripe', MAIL: 'smtp' })).toEqual([
      expect.stringMatching(/^PAYMENTS: stripe needs STRIPE_SECRET_KEY/),
      'MAIL: smtp needs SMTP_URL.',
    ]);
    expect(problemsOf({ ...goingLiveEnv, PAYMENTS: 'test', MAIL: 'outbox' })).toEqual([
      expect.stringMatching(/^PAYMENTS: test, but STRIPE_SECRET_KEY, .* are set/),
      expect.stringMatching(/^MAIL: outbox, but SMTP_URL is set/),
    ]);
    expect(problemsOf({ DATA_DIR: '/tmp', PAYMENTS: 'free' })).toEqual([
      'PAYMENTS: Must be stripe or test.',
    ]);
  });

  it('leave development as it was: the test gateway and the outbox, unannounced', () => {
    const config = loadConfig({ DATA_DIR: '/tmp', SESSION_SECRET: 'x'.repeat(32) });
    expect(config).toMatchObject({ stripe: null, smtpUrl: undefined, isTestModeAnnounced: false });
    expect(config.startWarnings).toEqual([]);
    // Tax without the seller's tax number: the invoices would lack it, said at every start.
    expect(
      loadConfig({ ...without('SELLER_TAX_ID'), NODE_ENV: 'development', TAX_RATE: '20' })
        .startWarnings,
    ).toEqual([expect.stringMatching(/^TAX_RATE charges tax but SELLER_TAX_ID is not set/)]);
  });
});
