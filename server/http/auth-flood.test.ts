import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, type TestContext } from '../testing/test-app.ts';

const limits = {
  enabled: true,
  authPerIp: { limit: 10, windowMs: 600_000 },
  authPerEmail: { limit: 5, windowMs: 600_000 },
  mailPerEmail: { limit: 5, windowMs: 3_600_000 },
  writesPerUser: { limit: 60, windowMs: 60_000 },
  reviewsPerUser: { limit: 5, windowMs: 86_400_000 },
  quotesPerIp: { limit: 120, windowMs: 60_000 },
  rendersPerIp: { limit: 60, windowMs: 60_000 },
  statementsPerUser: { limit: 20, windowMs: 600_000 },
};
const ATTACKERS = ['203.0.113.10', '203.0.113.11', '2001:db8:bad::1'];
const ACTIONS = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
];

let t: TestContext;
beforeAll(async () => {
  // The store's own gate on password hashing: two at a time, a short queue.
  t = await buildTestApp({ rateLimits: limits, passwordHashing: { concurrency: 2, queue: 16 } });
});
afterAll(async () => {
  await t.close();
});

const random = () => randomBytes(6).toString('hex');
const randomEmail = (i: number) =>
  i % 7 === 0
    ? `${'x'.repeat(2_500)}@example.com`
    : i % 11 === 0
      ? `not an email ${random()}`
      : `${random()}@example.com`;

function hostileRequest(i: number) {
  const url = ACTIONS[i % ACTIONS.length] ?? '';
  const email = randomEmail(i);
  const payload = url.endsWith('sign-up/email')
    ? { name: `Flood ${random()}`, email, password: `pw-${random()}-long` }
    : url.endsWith('sign-in/email')
      ? { email, password: `guess-${random()}` }
      : { email, redirectTo: '/reset-password' };
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ATTACKERS[Math.floor(i / ACTIONS.length) % ATTACKERS.length],
    headers: {
      origin: TEST_ORIGIN,
      'content-type': 'application/json',
      // A different forwarded address each time, as a spoofer would send: not trusted.
      'x-forwarded-for': `${random().slice(0, 2)}.${i % 250}.${(i * 7) % 250}.1, ${'9'.repeat(i % 3000)}`,
    },
    payload,
  });
}

describe('a flood of sign-ins, sign-ups and reset requests', () => {
  // 1,200 requests and their sign-in work, on two cores shared with the rest of the suite: it
  // proves what is answered, never how fast (speed is the benchmarks' to measure).
  it('leaves the store answering, the counters bounded and the limits in force', async () => {
    const statuses = new Map<number, number>();
    for (let wave = 0; wave < 12; wave += 1) {
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, j) => hostileRequest(wave * 100 + j)),
      );
      for (const response of responses) {
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode === 503) expect(response.headers['retry-after']).toBeDefined();
      }
      // The catalogue answers while the flood goes on.
      expect((await t.app.inject({ url: '/api/tools' })).statusCode).toBe(200);
    }
    const seen = Object.fromEntries(statuses);
    // Nothing but refusals and the few attempts let through; never a 500.
    for (const status of statuses.keys()) expect([200, 400, 401, 429, 503]).toContain(status);
    expect(seen[429]).toBeGreaterThan(700);
    expect(seen[400]).toBeGreaterThan(0);

    // Bounded: per attacker, one counter per action and at most `limit` emails per action.
    const rows = Number(
      (await t.db.execute<{ n: string }>(sql`select count(*) as n from rate_limits`)).rows[0]?.n,
    );
    expect(rows).toBeLessThanOrEqual(
      ATTACKERS.length * ACTIONS.length * (1 + limits.authPerIp.limit),
    );
    // What the counters hold, whatever the attackers sent (keys are capped at 100 characters).
    // The file's size is not asserted: the old row versions of each update wait for autovacuum,
    // and when it runs is PostgreSQL's timing, not the store's.
    const bytes = Number(
      (
        await t.db.execute<{ n: string }>(
          sql`select coalesce(sum(pg_column_size(r.*)), 0) as n from rate_limits r`,
        )
      ).rows[0]?.n,
    );
    expect(bytes).toBeLessThan(rows * 200);
    expect(bytes).toBeLessThan(32 * 1024);
    // No more accounts than the per-address limit let through.
    const accounts = Number(
      (
        await t.db.execute<{ n: string }>(
          sql`select count(*) as n from "user" where name like 'Flood %'`,
        )
      ).rows[0]?.n,
    );
    expect(accounts).toBeLessThanOrEqual(ATTACKERS.length * limits.authPerIp.limit);

    // The limits still hold for every attacker, whatever address they claim...
    for (const attacker of ATTACKERS) {
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: attacker,
        headers: {
          origin: TEST_ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-for': '10.9.9.9',
        },
        payload: { email: `${random()}@example.com`, password: 'one-more-guess' },
      });
      expect(again.statusCode).toBe(429);
    }
    // ...while a customer elsewhere signs up and in as usual.
    const customer = await t.signUp();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '198.51.100.200',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: customer.email, password: customer.password },
    });
    expect(signIn.statusCode).toBe(200);
  }, 90_000);
});
