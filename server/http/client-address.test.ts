import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../db/schema.ts';
import {
  customer,
  type LimitedStores,
  TIGHT_LIMITS as limits,
  nextAddress,
  signIn,
  startLimitedStores,
} from '../testing/sign-in-attempts.ts';
import type { TestContext } from '../testing/test-app.ts';

/**
 * Whose address a request counts against: the socket's by default, a forwarded one only from
 * proxies TRUST_PROXY names; IPv6 clients per /64.
 */

let shared: LimitedStores<'first' | 'behindOneHop' | 'behindListed'>;
/** Trusts no proxy: the socket's address counts. */
let first: TestContext;
let behindOneHop: TestContext;
let behindListed: TestContext;

beforeAll(async () => {
  shared = await startLimitedStores({
    first: {},
    behindOneHop: { trustProxy: 1 },
    behindListed: { trustProxy: ['10.0.0.0/8'] },
  });
  ({ first, behindOneHop, behindListed } = shared.stores);
});
afterAll(() => shared.close());

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
    const [account] = await shared.database.db
      .select()
      .from(user)
      .where(eq(user.email, owner.email));
    const rows = await shared.database.db
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
  it('with one trusted hop, the address the proxy appended counts, not what the client wrote', async () => {
    const client = '203.0.113.50';
    for (let i = 0; i < limits.authPerIp.limit; i += 1) {
      const response = await signIn(behindOneHop, `hop${i}@example.com`, '10.1.1.1', undefined, {
        'x-forwarded-for': `198.18.0.${i}, ${client}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const limited = await signIn(behindOneHop, 'hop-x@example.com', '10.1.1.1', undefined, {
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
