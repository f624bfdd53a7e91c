import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, type TestContext, type TestUser } from '../testing/test-app.ts';

let t: TestContext;
let owner: TestUser;
beforeAll(async () => {
  // One hash at a time, two waiting: a small flood is enough to fill the gate.
  t = await buildTestApp({ passwordHashing: { concurrency: 1, queue: 2 } });
  owner = await t.signUp();
});
afterAll(async () => {
  await t.close();
});

const signIn = (password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { email: owner.email, password },
  });

describe('password hashing under a flood of sign-ins', () => {
  it('runs at most the allowed hashes at once and refuses the overflow at once with 503 and Retry-After', async () => {
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(`wrong-password-${i}`)),
    );
    const statuses = flood.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    const refused = flood.filter((response) => response.statusCode === 503);
    // At most one running and two waiting: the other 37 of 40 cannot all have been let in.
    expect(refused.length).toBeGreaterThanOrEqual(30);
    for (const response of refused) {
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ code: 'service_unavailable' });
      expect(response.json().detail).toMatch(/try again in a moment/);
      expect(response.headers['retry-after']).toBe('2');
    }
    expect(t.app.hashing.stats().peak).toBe(1);
    expect(t.app.hashing.stats()).toMatchObject({ active: 0, waiting: 0 });
  });

  it('once the flood has passed, the right password signs in', async () => {
    expect((await signIn(owner.password)).statusCode).toBe(200);
  });

  it('sign-ups, resets and password changes go through the same gate', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
          payload: {
            name: `Flood ${i}`,
            email: `flood${i}@example.com`,
            password: 'flood-flood-91',
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(t.app.hashing.stats().peak).toBe(1);
    // A refused sign-up leaves nothing behind: the hash comes before the sign-up is stored.
    const made = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pending_sign_up where email like 'flood%@example.com'`,
    );
    expect(made.rows[0]?.n).toBe(statuses.filter((status) => status === 200).length);
  });
});
