import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema.ts';
import {
  customer,
  JSON_FROM_OUR_SITE as json,
  type LimitedStores,
  TIGHT_LIMITS as limits,
  nextAddress,
  signIn,
  startLimitedStores,
} from '../testing/sign-in-attempts.ts';
import { buildTestApp, type TestContext, testConfig } from '../testing/test-app.ts';

/**
 * Rate limits on sign-ins, account emails and writes, counted in the database that every instance
 * shares.
 */

let shared: LimitedStores<'first' | 'second'>;
let first: TestContext;
let second: TestContext;

beforeAll(async () => {
  // Two instances of the store sharing one database, as behind a load balancer.
  shared = await startLimitedStores({ first: {}, second: {} });
  ({ first, second } = shared.stores);
});
afterAll(() => shared.close());

const countRows = async () =>
  Number(
    (await shared.database.db.execute<{ n: string }>(sql`select count(*) as n from rate_limits`))
      .rows[0]?.n,
  );

describe('sign-in limits count failures, per account and address', () => {
  it('failed sign-ins for one account from one address: past the limit 429, across two instances', async () => {
    const ip = nextAddress();
    const email = 'target@example.com';
    const statuses = [];
    for (const t of [first, second, first]) statuses.push((await signIn(t, email, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401]);
    const limited = await signIn(second, email, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited.json().detail).toMatch(/Too many attempts/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('wrong passwords for someone else from many addresses never lock the owner out', async () => {
    const owner = await customer(first);
    // Twelve wrong guesses, each address staying under its own limit.
    for (let i = 0; i < 12; i += 1) {
      const ip = nextAddress();
      expect((await signIn(i % 2 ? first : second, owner.email, ip)).statusCode).toBe(401);
    }
    const own = await signIn(first, owner.email, nextAddress(), owner.password);
    expect(own.statusCode).toBe(200);
  });

  it('signing in successfully, again and again, is never limited', async () => {
    const owner = await customer(first);
    const ip = nextAddress();
    for (let i = 0; i < limits.authPerIp.limit + limits.authPerEmail.limit + 2; i += 1) {
      expect(
        (await signIn(i % 2 ? first : second, owner.email, ip, owner.password)).statusCode,
      ).toBe(200);
    }
    // A failure after all that still has the whole allowance left.
    expect((await signIn(first, owner.email, ip)).statusCode).toBe(401);
  });

  it('failures from one address past its limit get 429, whatever the email; others are not affected', async () => {
    const ip = nextAddress();
    for (let i = 0; i < limits.authPerIp.limit; i += 1) {
      const t = i % 2 === 0 ? first : second;
      expect((await signIn(t, `guess${i}@example.com`, ip)).statusCode).toBe(401);
    }
    expect((await signIn(first, 'another@example.com', ip)).statusCode).toBe(429);
    expect((await signIn(first, 'another@example.com', nextAddress())).statusCode).toBe(401);
  });
});

describe('the password typed to confirm a sign-up counts as a sign-in', () => {
  const confirm = (t: TestContext, ip: string, token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-sign-up',
      remoteAddress: ip,
      headers: json,
      payload: { token, password },
    });

  it('wrong passwords past the sign-in limit get 429; the link still works from elsewhere', async () => {
    const email = 'confirm-guess@example.com';
    const signedUp = await first.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: nextAddress(),
      headers: json,
      payload: { name: 'Cora Confirm', email, password: 'sturdy-anvil-88' },
    });
    expect(signedUp.statusCode).toBe(200);
    await first.app.mailer.drain();
    const token =
      first.sentMail
        .map((mail) => /\/confirm-email\?token=([\w-]+)/.exec(mail.text)?.[1])
        .find(Boolean) ?? '';
    const ip = nextAddress();
    for (let i = 0; i < limits.authPerEmail.limit; i += 1) {
      const wrong = await confirm(i % 2 ? first : second, ip, token, `guess-${i}`);
      expect(wrong.json()).toMatchObject({ code: 'wrong_sign_up_password' });
    }
    expect((await confirm(first, ip, token, 'guess-last')).statusCode).toBe(429);
    // One count with sign-ins: the same address cannot go on guessing there either.
    expect((await signIn(second, email, ip)).statusCode).toBe(429);
    expect((await confirm(second, nextAddress(), token, 'sturdy-anvil-88')).statusCode).toBe(200);
  });
});

describe('when the store is too busy to check a password', () => {
  it('the 503 does not count against the customer\u2019s own account limit', async () => {
    const busy = await buildTestApp(
      { rateLimits: limits, passwordHashing: { concurrency: 1, queue: 0 } },
      { database: shared.database },
    );
    try {
      const owner = await customer(busy);
      const ip = nextAddress();
      // The one hashing slot kept busy for the whole burst (one hash after another), so the burst
      // meets a busy store however slowly the machine runs its requests.
      let isHolding = true;
      const holding = (async () => {
        while (isHolding) await busy.app.hashing.hash('kept-busy').catch(() => {});
      })();
      const burst = await Promise.all(
        Array.from({ length: 5 }, (_, i) => signIn(busy, owner.email, ip, `wrong-${i}`)),
      ).finally(() => {
        isHolding = false;
      });
      await holding;
      const statuses = burst.map((response) => response.statusCode);
      expect(statuses).toContain(503);
      expect(statuses.filter((status) => status === 401).length).toBeLessThan(
        limits.authPerEmail.limit,
      );
      expect((await signIn(busy, owner.email, ip, owner.password)).statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  });
});

describe('mail-sending actions count every request per email', () => {
  it('password reset requests for one address are limited whoever asks', async () => {
    const email = 'inbox@example.com';
    const ask = (ip: string) =>
      first.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: ip,
        headers: json,
        payload: { email, redirectTo: '/reset-password' },
      });
    for (let i = 0; i < limits.mailPerEmail.limit; i += 1) {
      expect((await ask(nextAddress())).statusCode).toBe(200);
    }
    expect((await ask(nextAddress())).statusCode).toBe(429);
  });
});

describe('the counters table stays small whatever is sent', () => {
  it('an invalid or oversized email is a 400 that counts nothing and writes nothing', async () => {
    await shared.database.db.delete(rateLimits);
    const ip = nextAddress();
    for (const email of [
      `${'x'.repeat(9000)}@example.com`,
      `${'y'.repeat(2500)}@example.com`,
      'not-an-email',
      'a\u0000b@example.com',
    ]) {
      const response = await signIn(first, email, ip);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors?.[0]?.field).toBe('email');
    }
    expect(await countRows()).toBe(0);
  });

  it('a sign-up refused for a common or obvious password counts nothing: its owner signs up after', async () => {
    await shared.database.db.delete(rateLimits);
    const ip = nextAddress();
    const email = 'careful-owner@example.com';
    const signUp = (password: string) =>
      first.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: ip,
        headers: json,
        payload: { name: 'Careful Owner', email, password },
      });
    for (let i = 0; i <= limits.mailPerEmail.limit + limits.authPerIp.limit; i += 1) {
      const refused = await signUp(i % 2 === 0 ? 'password123' : '12345678');
      expect(refused.statusCode).toBe(400);
    }
    expect(await countRows()).toBe(0);
    expect((await signUp('a-sturdy-anvil-77')).statusCode).toBe(200);
  });

  it('keys are hashes of bounded size: no email or address is stored as sent', async () => {
    await shared.database.db.delete(rateLimits);
    const email = `${'a'.repeat(60)}@${'b'.repeat(60)}.example.com`;
    const response = await signIn(first, email, nextAddress());
    expect(response.statusCode).toBe(401);
    const rows = await shared.database.db.select().from(rateLimits);
    expect(rows.length).toBe(2);
    for (const row of rows) {
      expect(row.key.length).toBeLessThanOrEqual(60);
      expect(row.key).not.toContain('example');
    }
  });

  it('emails are normalised before counting: case and spaces make no new counter', async () => {
    const ip = nextAddress();
    for (const spelling of ['Case@Example.com', ' case@example.com ', 'CASE@EXAMPLE.COM']) {
      expect((await signIn(first, spelling, ip)).statusCode).toBe(401);
    }
    expect((await signIn(first, 'case@example.com', ip)).statusCode).toBe(429);
  });

  it('windows that have ended are pruned', async () => {
    await signIn(first, 'prune@example.com', nextAddress());
    const before = await countRows();
    expect(before).toBeGreaterThan(0);
    await shared.database.db
      .update(rateLimits)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await first.app.limiter.prune()).toBe(before);
    expect(await countRows()).toBe(0);
  });
});

describe('writes', () => {
  it('limits store writes per user', async () => {
    const author = await first.signUp();
    // Reviews come from buyers; the order placed here is not what is counted below.
    await first.givePaidOrder(author);
    await first.db.delete(rateLimits);
    const post = (t: TestContext) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: { ...author.headers, 'content-type': 'application/json' },
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
