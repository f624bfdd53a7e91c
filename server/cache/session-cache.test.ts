import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { session, user } from '../db/schema.ts';
import type { SessionUser } from '../http/session.ts';
import { type InstancePair, instancePair } from '../testing/change-feed.ts';
import { type Client, client } from '../testing/http.ts';
import type { TestContext, TestUser } from '../testing/test-app.ts';
import type { TestDatabase } from '../testing/test-database.ts';
import { within } from '../testing/within.ts';
import { createSessionCache, sessionCookieValue } from './session-cache.ts';

const ana: SessionUser = {
  id: 'u-ana',
  name: 'Ana',
  email: 'ana@example.com',
  emailVerified: true,
  image: null,
  role: 'User',
};
const later = new Date(Date.now() + 3_600_000);

describe('the session cache', () => {
  it('keeps a check only while enabled, and forgets a user, everyone, or a stale check', () => {
    let now = 1_000;
    const cache = createSessionCache({ maxAgeMs: 500, now: () => now });
    cache.keep(cache.mark(), 'token-a', ana, later);
    expect(cache.get('token-a')).toBeUndefined();
    cache.setEnabled(true);
    cache.keep(cache.mark(), 'token-a', ana, later);
    cache.keep(cache.mark(), 'token-b', ana, later);
    expect(cache.get('token-a')).toEqual(ana);
    cache.heard(`user=${ana.id}`);
    expect(cache.get('token-a')).toBeUndefined();
    expect(cache.get('token-b')).toBeUndefined();
    cache.keep(cache.mark(), 'token-a', ana, later);
    now += 500;
    expect(cache.get('token-a')).toBeUndefined();
    cache.keep(cache.mark(), 'token-a', ana, new Date(now + 10));
    now += 10;
    expect(cache.get('token-a')).toBeUndefined();
    cache.keep(cache.mark(), 'token-a', ana, later);
    cache.heard('all');
    expect(cache.size).toBe(0);
    cache.keep(cache.mark(), 'token-a', ana, later);
    cache.setEnabled(false);
    cache.setEnabled(true);
    expect(cache.get('token-a')).toBeUndefined();
  });

  it('does not keep a check read across a change: it may predate it', () => {
    const cache = createSessionCache();
    cache.setEnabled(true);
    for (const change of [
      () => cache.forgetUser('someone-else'),
      () => cache.forgetUser(undefined),
      () => cache.heard('all'),
    ]) {
      const mark = cache.mark();
      change();
      cache.keep(mark, 'token-a', ana, later);
      expect(cache.get('token-a')).toBeUndefined();
    }
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = createSessionCache({ maxEntries: 3 });
    cache.setEnabled(true);
    for (const token of ['t1', 't2', 't3', 't4']) cache.keep(cache.mark(), token, ana, later);
    expect(cache.size).toBe(3);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t4')).toEqual(ana);
    cache.forgetUser(ana.id);
    expect(cache.size).toBe(0);
  });

  it('reads the session cookie, and none when it is sent twice', () => {
    const name = 'toolyard.session_token';
    expect(sessionCookieValue(`a=1; ${name}=abc.sig; b=2`, name)).toBe('abc.sig');
    // One name: the __Secure- twin is another cookie (and the reverse).
    expect(sessionCookieValue(`__Secure-${name}=abc.sig`, name)).toBeUndefined();
    expect(sessionCookieValue(`${name}=abc.sig`, `__Secure-${name}`)).toBeUndefined();
    expect(sessionCookieValue(`__Secure-${name}=abc.sig`, `__Secure-${name}`)).toBe('abc.sig');
    expect(sessionCookieValue(`${name}=abc.sig; ${name}=other.sig`, name)).toBeUndefined();
    expect(sessionCookieValue(`x${name}=abc.sig`, name)).toBeUndefined();
    expect(sessionCookieValue(`${name}=`, name)).toBeUndefined();
    expect(sessionCookieValue(undefined, name)).toBeUndefined();
  });
});

let database: TestDatabase;
let first: TestContext;
let second: TestContext;
let admin: TestUser;

async function status(via: Client, url: string): Promise<number> {
  return (await via.get(url)).statusCode;
}

/** Reads of the session table, counted across both instances' shared pool. */
function countSessionReads(): { count(): number; stop(): void } {
  let count = 0;
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
    if (text?.includes('from "session"')) count += 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  return { count: () => count, stop: () => spy.mockRestore() };
}

let instances: InstancePair;

beforeAll(async () => {
  instances = await instancePair();
  ({ database, first, second } = instances);
  admin = await first.signUp({ role: 'Admin' });
});
afterAll(() => instances.close());

describe('signed-in requests across two instances', () => {
  it('checks a session once, then answers from memory without reading the session store', async () => {
    const buyer = await first.signUp();
    const url = `/userdetails/${encodeURIComponent(buyer.email)}`;
    expect(await status(client(second.app, buyer), url)).toBe(200);
    const reads = countSessionReads();
    try {
      for (let i = 0; i < 5; i += 1) expect(await status(client(second.app, buyer), url)).toBe(200);
      expect(reads.count()).toBe(0);
    } finally {
      reads.stop();
    }
  });

  it('never lets a forged signature borrow a kept session', async () => {
    const buyer = await first.signUp();
    const url = `/userdetails/${encodeURIComponent(buyer.email)}`;
    expect(await status(client(first.app, buyer), url)).toBe(200);
    const [name, value] = buyer.cookie.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0];
    const forged = { headers: { ...buyer.headers, cookie: `${name}=${token}.${'A'.repeat(43)}=` } };
    expect(await status(client(first.app, forged), url)).toBe(401);
  });

  it('refuses a signed-out session on both instances, here at once and there within a second', async () => {
    const buyer = await first.signUp();
    const url = `/userdetails/${encodeURIComponent(buyer.email)}`;
    for (const t of [first, second]) expect(await status(client(t.app, buyer), url)).toBe(200);
    expect((await client(first.app, buyer).post('/auth/sign-out', {})).statusCode).toBe(200);
    expect(await status(client(first.app, buyer), url)).toBe(401);
    const took = await within(1_000, async () =>
      expect(await status(client(second.app, buyer), url)).toBe(401),
    );
    expect(took).toBeLessThan(1_000);
  });

  it('takes the admin role away on both instances within a second of the change', async () => {
    const helper = await first.signUp({ role: 'Admin' });
    for (const t of [first, second])
      expect(await status(client(t.app, helper), '/alluser')).toBe(200);
    const demoted = await client(first.app, admin).put(
      `/alluser?email=${encodeURIComponent(helper.email)}`,
      { role: 'User' },
    );
    expect(demoted.statusCode).toBe(200);
    expect(await status(client(first.app, helper), '/alluser')).toBe(403);
    await within(1_000, async () =>
      expect(await status(client(second.app, helper), '/alluser')).toBe(403),
    );
    // And given back, through the other instance.
    await client(second.app, admin).put(`/alluser?email=${encodeURIComponent(helper.email)}`, {
      role: 'Admin',
    });
    expect(await status(client(second.app, helper), '/alluser')).toBe(200);
    await within(1_000, async () =>
      expect(await status(client(first.app, helper), '/alluser')).toBe(200),
    );
  });

  it('hears changes made in SQL by hand: a role taken back, a session deleted', async () => {
    const helper = await first.signUp({ role: 'Admin' });
    const buyer = await first.signUp();
    const url = `/userdetails/${encodeURIComponent(buyer.email)}`;
    for (const t of [first, second]) {
      expect(await status(client(t.app, helper), '/alluser')).toBe(200);
      expect(await status(client(t.app, buyer), url)).toBe(200);
    }
    await database.db.update(user).set({ role: 'User' }).where(eq(user.id, helper.id));
    await database.db.delete(session).where(eq(session.userId, buyer.id));
    for (const t of [first, second]) {
      await within(1_000, async () => {
        expect(await status(client(t.app, helper), '/alluser')).toBe(403);
        expect(await status(client(t.app, buyer), url)).toBe(401);
      });
    }
  });

  it('ends the other sessions on both instances when the password changes', async () => {
    const buyer = await first.signUp();
    const otherDevice = {
      headers: { ...buyer.headers, cookie: await first.signIn(buyer.email, buyer.password) },
    };
    const url = `/userdetails/${encodeURIComponent(buyer.email)}`;
    for (const t of [first, second])
      expect(await status(client(t.app, otherDevice), url)).toBe(200);
    const changed = await client(second.app, buyer).post('/auth/change-password', {
      currentPassword: buyer.password,
      newPassword: 'a-new-passphrase-for-2026',
    });
    expect(changed.statusCode).toBe(200);
    for (const t of [second, first]) {
      await within(1_000, async () =>
        expect(await status(client(t.app, otherDevice), url)).toBe(401),
      );
    }
  });
});
