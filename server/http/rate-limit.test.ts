import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, session, user } from '../db/schema.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext, testConfig } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

const limits = {
  enabled: true,
  authPerIp: { limit: 8, windowMs: 600_000 },
  authPerEmail: { limit: 3, windowMs: 600_000 },
  mailPerEmail: { limit: 3, windowMs: 3_600_000 },
  writesPerUser: { limit: 2, windowMs: 60_000 },
  quotesPerIp: { limit: 3, windowMs: 60_000 },
};

let database: TestDatabase;
let first: TestContext;
let second: TestContext;

let behindOneHop: TestContext;

beforeAll(async () => {
  database = await createTestDatabase();
  // Two instances of the store sharing one database, as behind a load balancer.
  first = await buildTestApp({ rateLimits: limits }, { database });
  second = await buildTestApp({ rateLimits: limits }, { database });
  behindOneHop = await buildTestApp({ rateLimits: limits, trustProxy: 1 }, { database });
});
afterAll(async () => {
  await first.close();
  await second.close();
  await behindOneHop.close();
  await database.drop();
});

const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };
let addresses = 0;
/** A fresh client address for each test, so tests never share a per-address count. */
const nextAddress = () => {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${addresses % 250}`;
};

const signIn = (
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
    headers: { ...json, ...headers },
    payload: { email, password },
  });

const countRows = async () =>
  Number(
    (await database.db.execute<{ n: string }>(sql`select count(*) as n from rate_limits`)).rows[0]
      ?.n,
  );

async function customer(t: TestContext) {
  // Limits do not apply to accounts made for the test.
  const made = await t.signUp();
  await database.db.delete(rateLimits);
  return made;
}

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

describe('when the store is too busy to check a password', () => {
  it('the 503 does not count against the customer\u2019s own account limit', async () => {
    const busy = await buildTestApp(
      { rateLimits: limits, passwordHashing: { concurrency: 1, queue: 0 } },
      { database },
    );
    try {
      const owner = await customer(busy);
      const ip = nextAddress();
      const burst = await Promise.all(
        Array.from({ length: 5 }, (_, i) => signIn(busy, owner.email, ip, `wrong-${i}`)),
      );
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
    await database.db.delete(rateLimits);
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
    await database.db.delete(rateLimits);
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
    await database.db.delete(rateLimits);
    const email = `${'a'.repeat(60)}@${'b'.repeat(60)}.example.com`;
    const response = await signIn(first, email, nextAddress());
    expect(response.statusCode).toBe(401);
    const rows = await database.db.select().from(rateLimits);
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
    await database.db.update(rateLimits).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await first.app.limiter.prune()).toBe(before);
    expect(await countRows()).toBe(0);
  });
});

describe('client addresses', () => {
  it('by default X-Forwarded-For is ignored: rotating it does not escape the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < limits.authPerIp.limit + 2; i += 1) {
      const response = await signIn(first, `spoof${i}@example.com`, '192.0.2.200', undefined, {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, limits.authPerIp.limit).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(limits.authPerIp.limit)).toEqual([429, 429]);
  });

  it('sessions record the socket address, not a forwarded one', async () => {
    const owner = await customer(first);
    const response = await signIn(first, owner.email, '192.0.2.201', owner.password, {
      'x-forwarded-for': '6.6.6.6',
      'x-toolyard-client-address': '7.7.7.7',
    });
    expect(response.statusCode).toBe(200);
    const [account] = await database.db.select().from(user).where(eq(user.email, owner.email));
    const rows = await database.db
      .select({ ip: session.ipAddress })
      .from(session)
      .where(eq(session.userId, account?.id ?? ''));
    expect(rows.map((row) => row.ip)).toContain('192.0.2.201');
    expect(rows.map((row) => row.ip)).not.toContain('6.6.6.6');
    expect(rows.map((row) => row.ip)).not.toContain('7.7.7.7');
  });

  it('a 9 KB forwarded address is no 500, whatever is trusted', async () => {
    for (const t of [first, behindOneHop]) {
      for (const forwarded of [`${'1.2.3.4, '.repeat(1000)}x`, 'a'.repeat(9000)]) {
        const response = await signIn(t, 'header@example.com', nextAddress(), undefined, {
          'x-forwarded-for': forwarded,
        });
        expect(response.statusCode).toBe(401);
      }
    }
  });

  it('IPv6 clients count per /64 network', async () => {
    for (let i = 0; i < limits.authPerIp.limit; i += 1) {
      expect(
        (await signIn(first, `v6-${i}@example.com`, `2001:db8:7:7::${i + 1}`)).statusCode,
      ).toBe(401);
    }
    expect((await signIn(first, 'v6-x@example.com', '2001:db8:7:7:ffff::1')).statusCode).toBe(429);
    expect((await signIn(first, 'v6-x@example.com', '2001:db8:7:8::1')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  let behindOne: TestContext;
  let behindListed: TestContext;
  beforeAll(async () => {
    behindOne = await buildTestApp({ rateLimits: limits, trustProxy: 1 }, { database });
    behindListed = await buildTestApp(
      { rateLimits: limits, trustProxy: ['10.0.0.0/8'] },
      { database },
    );
  });
  afterAll(async () => {
    await behindOne.close();
    await behindListed.close();
  });

  it('with one trusted hop, the address the proxy appended counts, not what the client wrote', async () => {
    const client = '203.0.113.50';
    for (let i = 0; i < limits.authPerIp.limit; i += 1) {
      const response = await signIn(behindOne, `hop${i}@example.com`, '10.1.1.1', undefined, {
        'x-forwarded-for': `198.18.0.${i}, ${client}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const limited = await signIn(behindOne, 'hop-x@example.com', '10.1.1.1', undefined, {
      'x-forwarded-for': `198.18.9.9, ${client}`,
    });
    expect(limited.statusCode).toBe(429);
  });

  it('with a proxy list, only listed proxies are believed', async () => {
    const fromProxy = await signIn(behindListed, 'listed@example.com', '10.2.2.2', undefined, {
      'x-forwarded-for': '203.0.113.77',
    });
    expect(fromProxy.statusCode).toBe(401);
    // A client outside the list cannot choose its address: its socket's counts.
    const direct = nextAddress();
    for (let i = 0; i < limits.authPerIp.limit; i += 1) {
      await signIn(behindListed, `direct${i}@example.com`, direct, undefined, {
        'x-forwarded-for': `203.0.113.${100 + i}`,
      });
    }
    expect(
      (
        await signIn(behindListed, 'direct-x@example.com', direct, undefined, {
          'x-forwarded-for': '203.0.113.250',
        })
      ).statusCode,
    ).toBe(429);
  });
});

describe('writes', () => {
  it('limits store writes per user', async () => {
    const author = await first.signUp();
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
