import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, type TestContext, testConfig } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

const limits = {
  enabled: true,
  authPerIp: { limit: 8, windowMs: 600_000 },
  authPerEmail: { limit: 3, windowMs: 600_000 },
  writesPerUser: { limit: 2, windowMs: 60_000 },
};

let database: TestDatabase;
let first: TestContext;
let second: TestContext;

beforeAll(async () => {
  database = await createTestDatabase();
  // Two instances of the store sharing one database, as behind a load balancer.
  first = await buildTestApp({ rateLimits: limits }, { database });
  second = await buildTestApp({ rateLimits: limits }, { database });
});
afterAll(async () => {
  await first.close();
  await second.close();
  await database.drop();
});

const signIn = (t: TestContext, email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { email, password: 'wrong-password-1' },
  });

describe('rate limits', () => {
  it('the sign-in attempt past the per-email limit gets 429, across two instances', async () => {
    const email = 'target@example.com';
    const statuses = [];
    for (const [index, t] of [first, second, first].entries()) {
      statuses.push((await signIn(t, email, `10.0.0.${index + 1}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401]);
    const limited = await signIn(second, email, '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited.json().detail).toMatch(/Too many attempts/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the attempt past the per-IP limit gets 429, whatever the email, across two instances', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < limits.authPerIp.limit; i += 1) {
      const t = i % 2 === 0 ? first : second;
      expect((await signIn(t, `guess${i}@example.com`, ip)).statusCode).toBe(401);
    }
    const limited = await signIn(first, 'another@example.com', ip);
    expect(limited.statusCode).toBe(429);
    // Another address is not affected.
    expect((await signIn(first, 'another@example.com', '192.0.2.78')).statusCode).toBe(401);
  });

  it('limits store writes per user', async () => {
    const user = await first.signUp();
    const post = (t: TestContext) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: { review: 'Good tools, fair prices.', rating: 4 },
      });
    expect((await post(first)).statusCode).toBe(201);
    expect((await post(second)).statusCode).toBe(201);
    const limited = await post(first);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
  });

  it('is off when configured off', () => {
    expect(testConfig.rateLimits.enabled).toBe(false);
  });
});
