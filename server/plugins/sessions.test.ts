import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilLive } from '../testing/change-feed.ts';
import { client, expectProblem, type Response } from '../testing/http.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext } from '../testing/test-app.ts';

/** The session cookie: what it is marked with, how it ends, and that a forged one opens nothing. */

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sessions', () => {
  it('sign-out ends the session: the old cookie then gets 401', async () => {
    const someone = await t.signUp();
    expect((await client(t.app, someone).get(`/userdetails/${someone.email}`)).statusCode).toBe(
      200,
    );

    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: someone.headers,
    });
    expect(signOut.statusCode, signOut.body).toBe(200);

    expectProblem(
      await client(t.app, someone).get(`/userdetails/${someone.email}`),
      401,
      'unauthenticated',
    );
  });

  function sessionCookieOf(response: Response): string {
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    const cookie = cookies.find((value) => /^(__Secure-)?toolyard\.session_token=/.test(value));
    expect(cookie, JSON.stringify(cookies)).toBeDefined();
    return cookie ?? '';
  }

  it('the session cookie is HttpOnly and SameSite=Lax; sign-up sets none', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Cookie Monster', email: 'cookie@example.com', password: 'correct-horse-9' },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    // Sign-up answers alike whether or not the email was taken, so it signs no one in.
    expect([signUp.headers['set-cookie'] ?? []].flat().join(';')).not.toMatch(/session_token/);
    const { email, password } = await t.signUp();
    const credentials = { email, password };
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: credentials,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = sessionCookieOf(signIn);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
  });

  it('over https the session cookie is also Secure', async () => {
    const origin = 'https://shop.example';
    const secure = await buildTestApp({ publicUrl: origin, trustedOrigins: [origin, TEST_ORIGIN] });
    try {
      const { email, password } = await secure.signUp();
      const credentials = { email, password };
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin },
        payload: credentials,
      });
      expect(response.statusCode, response.body).toBe(200);
      const cookie = sessionCookieOf(response);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });

  it('over https the session has one cookie name: the unprefixed one is refused, even while cached', async () => {
    const origin = 'https://shop.example';
    const secure = await buildTestApp({ publicUrl: origin, trustedOrigins: [origin, TEST_ORIGIN] });
    try {
      const someone = await secure.signUp();
      expect(someone.cookie).toMatch(/^__Secure-toolyard\.session_token=/);
      // Sessions are kept in memory only while the change feed is heard.
      await untilLive(secure);
      const url = `/api/userdetails/${someone.email}`;
      const read = (cookie: string) => secure.app.inject({ url, headers: { cookie } });
      // Read once with the real cookie: the session is now in this instance's session cache.
      expect((await read(someone.cookie)).statusCode).toBe(200);
      expect(secure.app.sessions.size).toBeGreaterThan(0);
      const unprefixed = someone.cookie.replace(/^__Secure-/, '');
      expectProblem(await read(unprefixed), 401, 'unauthenticated');
      expect((await read(someone.cookie)).statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });

  it('a forged or tampered session cookie gets 401', async () => {
    const someone = await t.signUp();
    const tampered = someone.cookie.replace(/=(.)/, (_match, first: string) =>
      first === 'a' ? '=b' : '=a',
    );
    for (const cookie of [tampered, 'toolyard.session_token=forged', 'toolyard.session_token=']) {
      const response = await t.app.inject({
        url: `/api/userdetails/${someone.email}`,
        headers: { cookie },
      });
      expectProblem(response, 401, 'unauthenticated');
    }
  });
});
