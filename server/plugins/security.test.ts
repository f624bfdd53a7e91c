import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDescriptor } from '../../contract/common.ts';
import { allRoutes } from '../../contract/routes.ts';
import {
  auditLog,
  carts,
  orderLines,
  orderRefunds,
  orders,
  reviews,
  tools,
  user,
} from '../db/schema.ts';
import { client, expectProblem, type Response, urlFor } from '../testing/http.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext, type TestUser } from '../testing/test-app.ts';
import { type Build, makeFixture, VALID_REQUESTS } from '../testing/valid-requests.ts';

const EVIL_ORIGIN = 'https://evil.example';

let t: TestContext;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Ada Admin' });
  customer = await t.signUp({ name: 'Cai Customer' });
});
afterAll(async () => {
  await t.close();
});

/** Everything a request could change, to prove that a refused one changed nothing. */
async function snapshot() {
  return {
    tools: await t.db.select().from(tools).orderBy(tools.id),
    orders: await t.db.select().from(orders).orderBy(orders.id),
    lines: await t.db.select().from(orderLines).orderBy(orderLines.orderId, orderLines.position),
    carts: await t.db.select().from(carts).orderBy(carts.userId),
    reviews: await t.db.select().from(reviews).orderBy(reviews.id),
    users: await t.db.select().from(user).orderBy(user.id),
    refunds: await t.db.select().from(orderRefunds).orderBy(orderRefunds.id),
    audit: await t.db.select().from(auditLog).orderBy(auditLog.id),
    uploads: await t.storedUploads(),
  };
}

/** Stripe-only routes: in test mode they pass the checks above and then refuse to act. */
const STRIPE_ONLY = new Set(['POST /payment/:id/intent']);
/** Routes that only compute (a visitor's cart priced): they succeed and store nothing. */
const STORES_NOTHING = new Set(['POST /cart/quote']);

const key = (route: RouteDescriptor) => `${route.method} ${route.path}`;
const mutatingRoutes = allRoutes().filter((route) => route.method !== 'GET');

function inject(
  route: RouteDescriptor,
  request: ReturnType<Build>,
  headers: Record<string, string>,
  payload?: string,
): Promise<Response> {
  const form = payload === undefined ? request.form : undefined;
  const options: InjectOptions = {
    method: route.method,
    url: request.url,
    headers: { cookie: admin.cookie, ...form?.headers, ...headers },
  };
  if (payload !== undefined) options.payload = payload;
  else if (form) options.payload = form.payload;
  else if (request.body) options.payload = request.body;
  return t.app.inject(options);
}

describe('state-changing requests', () => {
  it('the table below has a valid request for every mutating route', () => {
    expect(mutatingRoutes.map(key).sort()).toEqual(Object.keys(VALID_REQUESTS).sort());
  });

  describe.each(mutatingRoutes.map((route) => [key(route), route] as const))(
    '%s',
    (name, route) => {
      const build = VALID_REQUESTS[name] as Build;

      it('from a foreign Origin: 403 origin_not_allowed, nothing changed', async () => {
        const request = build(await makeFixture(t, admin));
        const before = await snapshot();
        const response = await inject(route, request, { origin: EVIL_ORIGIN });
        expectProblem(response, 403, 'origin_not_allowed');
        expect(await snapshot()).toEqual(before);
      });

      it('marked Sec-Fetch-Site: cross-site without an Origin: 403, nothing changed', async () => {
        const request = build(await makeFixture(t, admin));
        const before = await snapshot();
        const response = await inject(route, request, { 'sec-fetch-site': 'cross-site' });
        expectProblem(response, 403, 'origin_not_allowed');
        expect(await snapshot()).toEqual(before);
      });

      it.each([
        'application/x-www-form-urlencoded',
        'text/plain',
        'text/plain; charset=UTF-8',
        'multipart/form-data; boundary=xyz',
      ])('as %s (what an HTML form can send): 403, nothing changed', async (type) => {
        const request = build(await makeFixture(t, admin));
        const before = await snapshot();
        const payload = type.startsWith('application/x-www')
          ? 'name=x&role=Admin'
          : JSON.stringify(request.body ?? {});
        const response = await inject(
          route,
          request,
          { origin: TEST_ORIGIN, 'content-type': type },
          payload,
        );
        if (route.consumes === 'multipart/form-data' && type.startsWith('multipart/')) {
          // The upload route takes forms from our own site (decision 016): this one is no form.
          expectProblem(response, 400, 'validation_failed');
        } else {
          expectProblem(response, 403, 'forbidden');
        }
        expect(await snapshot()).toEqual(before);
      });

      it('the same request from our own site as JSON succeeds and stores what it is for', async () => {
        const request = build(await makeFixture(t, admin));
        const before = await snapshot();
        const response = await inject(route, request, { origin: TEST_ORIGIN });
        if (STRIPE_ONLY.has(name)) {
          expect(response.statusCode, response.body).not.toBe(403);
          expect(await snapshot()).toEqual(before);
          return;
        }
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
        expect(response.statusCode).toBeLessThan(300);
        if (STORES_NOTHING.has(name)) expect(await snapshot()).toEqual(before);
        else expect(await snapshot()).not.toEqual(before);
      });

      it('with "__proto__" or "constructor" keys in the JSON body: 4xx, never 5xx', async () => {
        const request = build(await makeFixture(t, admin));
        const fields = JSON.stringify(request.body ?? {}).slice(1, -1);
        const join = fields ? `,${fields}` : '';
        const before = await snapshot();
        const payloads = [
          `{"__proto__":{"role":"Admin","isAdmin":true}${join}}`,
          `{"constructor":{"prototype":{"isAdmin":true}}${join}}`,
          `{"nested":{"__proto__":{"isAdmin":true}}${join}}`,
          // A plain unknown key only fails where the route validates a body.
          ...(route.body
            ? [`{"constructor":"x"${join}}`, `{"constructor":{"name":"x"}${join}}`]
            : []),
        ];
        for (const payload of payloads) {
          const response = await inject(
            route,
            request,
            { origin: TEST_ORIGIN, 'content-type': 'application/json' },
            payload,
          );
          expect(response.statusCode, `${payload} -> ${response.body}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        }
        expect(await snapshot()).toEqual(before);
        expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      });
    },
  );

  it('only the upload route takes a multipart form, and only with our own Origin', async () => {
    const fixture = await makeFixture(t, admin);
    const upload = VALID_REQUESTS['POST /uploads']?.(fixture).form;
    if (!upload) throw new Error('no upload form');
    for (const route of mutatingRoutes) {
      const request = VALID_REQUESTS[key(route)]?.(fixture) as ReturnType<Build>;
      const before = await snapshot();
      const sent = await t.app.inject({
        method: route.method,
        url: request.url,
        headers: { cookie: admin.cookie, origin: TEST_ORIGIN, ...upload.headers },
        payload: upload.payload,
      });
      if (route.consumes) {
        expect(sent.statusCode, sent.body).toBe(201);
        expect(await snapshot()).not.toEqual(before);
        // Without an Origin (not sent by our pages), the same form is refused.
        const bare = await t.app.inject({
          method: route.method,
          url: request.url,
          headers: { cookie: admin.cookie, ...upload.headers },
          payload: upload.payload,
        });
        expectProblem(bare, 403, 'forbidden');
      } else {
        expectProblem(sent, 403, 'forbidden');
        expect(await snapshot()).toEqual(before);
      }
    }
  });

  it('the Origin check cannot be sidestepped by percent-encoding the path', async () => {
    const body = VALID_REQUESTS['POST /tools']?.(await makeFixture(t, admin)).body as object;
    const before = await snapshot();
    for (const url of ['/%61pi/tools', '/%61%70%69/tools']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: EVIL_ORIGIN, cookie: admin.cookie },
        payload: body,
      });
      expect(response.statusCode, `${url} -> ${response.body}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a request without any Origin (curl, server to server) is not refused (decision 004)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { cookie: customer.cookie },
      payload: { review: 'Sent with curl.', rating: 4 },
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('account actions from a foreign Origin are refused too', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: EVIL_ORIGIN },
      payload: {
        name: 'Mallory',
        email: 'mallory@example.com',
        password: 'correct-horse-battery-9',
      },
    });
    expectProblem(signUp, 403, 'origin_not_allowed');
    const users = await t.db.select().from(user);
    expect(users.map((row) => row.email)).not.toContain('mallory@example.com');

    const victim = await t.signUp();
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: EVIL_ORIGIN, cookie: victim.cookie },
    });
    expectProblem(signOut, 403, 'origin_not_allowed');
    const stillSignedIn = await client(t.app, victim).get(`/userdetails/${victim.email}`);
    expect(stillSignedIn.statusCode).toBe(200);
  });
});

describe('access from the contract', () => {
  it.each(allRoutes().map((route) => [key(route), route] as const))(
    '%s: visitors, customers and admins get what its access allows',
    async (_name, route) => {
      const request = (caller?: TestUser): InjectOptions => ({
        method: route.method,
        url: urlFor(route, { email: caller?.email ?? customer.email }),
        headers: caller ? caller.headers : { origin: TEST_ORIGIN },
        ...(route.body ? { payload: {} } : {}),
      });
      const asVisitor = await t.app.inject(request());
      const asCustomer = await t.app.inject(request(customer));
      const asAdmin = await t.app.inject(request(admin));
      if (route.access === 'public') {
        expect([asVisitor, asCustomer, asAdmin].map((r) => r.statusCode)).not.toContain(401);
        expect([asVisitor, asCustomer, asAdmin].map((r) => r.statusCode)).not.toContain(403);
        return;
      }
      expectProblem(asVisitor, 401, 'unauthenticated');
      if (route.access === 'admin') expectProblem(asCustomer, 403, 'forbidden');
      else expect(asCustomer.statusCode).not.toBe(401);
      expect([401, 403]).not.toContain(asAdmin.statusCode);
    },
  );
});

describe('request bodies', () => {
  it('invalid JSON: 400 invalid_json', async () => {
    for (const payload of ['{"review":', "{'review': 'x'}", 'not json at all', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: { ...customer.headers, 'content-type': 'application/json' },
        payload,
      });
      expectProblem(response, 400, 'invalid_json');
    }
  });

  it('a body over 64 KB: 413 payload_too_large, nothing stored', async () => {
    const before = await snapshot();
    const tool = await t.app.inject({
      method: 'POST',
      url: '/api/tools',
      headers: admin.headers,
      payload: {
        name: 'Huge',
        img: '/images/x.svg',
        description: 'x'.repeat(70 * 1024),
        quantity: 1,
        minimumOrder: 1,
        price: 1,
      },
    });
    expectProblem(tool, 413, 'payload_too_large');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'y'.repeat(70 * 1024), email: 'huge@example.com', password: 'pw-12345678' },
    });
    expectProblem(signUp, 413, 'payload_too_large');
    expect(await snapshot()).toEqual(before);
  });

  it.each(['null', '[]', '"text"', '42', 'true', '{"name":{"$gt":""}}'])(
    'a JSON body of %s: 4xx problem, never 5xx, nothing stored',
    async (payload) => {
      const before = await snapshot();
      for (const [url, headers] of [
        ['/api/tools', admin.headers],
        ['/api/reviews', customer.headers],
        ['/api/auth/sign-up/email', { origin: TEST_ORIGIN }],
        ['/api/auth/sign-in/email', { origin: TEST_ORIGIN }],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, `${url} -> ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} -> ${response.body}`).toBeLessThan(500);
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it('a sign-up carrying "__proto__" is refused and creates no account', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload:
        '{"name":"Proto","email":"proto@example.com","password":"correct-horse-battery-9","__proto__":{"role":"Admin"}}',
    });
    expectProblem(response, 400, 'invalid_json');
    const users = await t.db.select().from(user);
    expect(users.map((row) => row.email)).not.toContain('proto@example.com');
  });
});

describe('headers and unknown paths', () => {
  function expectSecurityHeaders(response: Response) {
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  }

  it('sets the security headers on API answers, errors and 404s', async () => {
    expectSecurityHeaders(await t.app.inject({ url: '/api/tools' }));
    expectSecurityHeaders(await t.app.inject({ url: '/api/alluser' }));
    expectSecurityHeaders(await t.app.inject({ url: '/api/no-such-thing' }));
    expectSecurityHeaders(await t.app.inject({ url: '/no-such-page.js' }));
    // Errors the router raises before any hook runs.
    expectSecurityHeaders(await t.app.inject({ url: `/api/userdetails/${'x'.repeat(400)}` }));
    expectSecurityHeaders(await t.app.inject({ url: '/api/%E0%A4%A' }));
    expectSecurityHeaders(
      await t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: { origin: EVIL_ORIGIN },
        payload: {},
      }),
    );
  });

  it.each([
    ['GET', '/api/no-such-thing'],
    ['GET', '/api'],
    ['DELETE', '/api/tools'],
    ['POST', '/api/no-such-thing'],
    ['GET', '/api/auth/no-such-thing'],
    ['POST', '/api/auth/no-such-thing'],
  ] as const)('%s %s: 404 problem+json', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    expectProblem(response, 404, 'not_found');
  });
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
    const credentials = { email: 'cookie@example.com', password: 'correct-horse-battery-9' };
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Cookie Monster', ...credentials },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    // Sign-up answers alike whether or not the email was taken, so it signs no one in.
    expect([signUp.headers['set-cookie'] ?? []].flat().join(';')).not.toMatch(/session_token/);
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
    const secure = await buildTestApp({ publicUrl: origin, trustedOrigins: [origin] });
    try {
      const credentials = { email: 'sam@example.com', password: 'correct-horse-battery-9' };
      const signUp = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin },
        payload: { name: 'Secure Sam', ...credentials },
      });
      expect(signUp.statusCode, signUp.body).toBe(200);
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
