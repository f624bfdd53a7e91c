import type { AppConfig } from '../app.ts';
import { rateLimits } from '../db/schema.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';

/** Rate limits low enough for a test to reach them in a few requests. */
export const TIGHT_LIMITS = {
  enabled: true,
  authPerIp: { limit: 8, windowMs: 600_000 },
  authPerEmail: { limit: 3, windowMs: 600_000 },
  mailPerEmail: { limit: 3, windowMs: 3_600_000 },
  writesPerUser: { limit: 2, windowMs: 60_000 },
  reviewsPerUser: { limit: 5, windowMs: 86_400_000 },
  quotesPerIp: { limit: 3, windowMs: 60_000 },
  rendersPerIp: { limit: 3, windowMs: 60_000 },
  statementsPerUser: { limit: 2, windowMs: 600_000 },
};

/**
 * Instances of the store with TIGHT_LIMITS, each with settings of its own, sharing one fresh
 * database as behind a load balancer: what one counts, the others see.
 */
export async function startLimitedStores<Name extends string>(
  settings: Record<Name, Partial<AppConfig>>,
) {
  const database = await createTestDatabase();
  const stores = {} as Record<Name, TestContext>;
  for (const name of Object.keys(settings) as Name[]) {
    stores[name] = await buildTestApp(
      { rateLimits: TIGHT_LIMITS, ...settings[name] },
      { database },
    );
  }
  return {
    database,
    stores,
    async close() {
      for (const store of Object.values<TestContext>(stores)) await store.close();
      await database.drop();
    },
  };
}

export type LimitedStores<Name extends string> = Awaited<
  ReturnType<typeof startLimitedStores<Name>>
>;

export const JSON_FROM_OUR_SITE = { origin: TEST_ORIGIN, 'content-type': 'application/json' };

let addresses = 0;
/** A fresh client address for each test, so tests never share a per-address count. */
export const nextAddress = () => {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${addresses % 250}`;
};

/** A sign-in from the client address `ip`, with a wrong password unless told otherwise. */
export const signIn = (
  t: TestContext,
  email: string,
  ip: string,
  password = 'wrong-password-1',
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: ip,
    headers: { ...JSON_FROM_OUR_SITE, ...headers },
    payload: { email, password },
  });

/** A signed-up customer whose making counted against no limit. */
export async function customer(t: TestContext) {
  // Limits do not apply to accounts made for the test.
  const made = await t.signUp();
  await t.db.delete(rateLimits);
  return made;
}
