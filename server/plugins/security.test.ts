import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDescriptor } from '../../contract/common.ts';
import { allRoutes } from '../../contract/routes.ts';
import { user } from '../db/schema.ts';
import { client, expectProblem, type Response } from '../testing/http.ts';
import { storeSnapshot } from '../testing/store-snapshot.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext, type TestUser } from '../testing/test-app.ts';
import {
  type Build,
  type Fixture,
  makeFixture,
  PREPARE,
  VALID_REQUESTS,
} from '../testing/valid-requests.ts';

/**
 * Requests that change something come from our own pages only: a foreign Origin, a cross-site
 * fetch or what an HTML form can send is refused before it changes anything.
 */

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

const snapshot = () => storeSnapshot(t);

/** Stripe-only routes: in test mode they pass the Origin and type checks, then refuse to act. */
const STRIPE_ONLY = new Set(['POST /payment/:id/intent']);
/** Routes that only compute (a visitor's cart priced, a quick order checked): they store nothing. */
const STORES_NOTHING = new Set([
  'POST /cart/quote',
  'POST /quick-order/check',
  'POST /catalogue/import/dry-run',
  'POST /company-invitations/open',
]);

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
    headers: { cookie: (request.sendAs ?? admin).cookie, ...form?.headers, ...headers },
  };
  if (payload !== undefined) options.payload = payload;
  else if (form) options.payload = form.payload;
  else if (request.body) options.payload = request.body;
  return t.app.inject(options);
}

describe('state-changing requests', () => {
  it('the valid requests (server/testing/valid-requests.ts) cover every mutating route', () => {
    expect(mutatingRoutes.map(key).sort()).toEqual(Object.keys(VALID_REQUESTS).sort());
  });

  describe.each(mutatingRoutes.map((route) => [key(route), route] as const))(
    '%s',
    (name, route) => {
      const build = VALID_REQUESTS[name] as Build;
      /**
       * The objects the refused requests name. Each refusal proves that it changed nothing, so the
       * refusals of one route share one set; the request that succeeds gets a set of its own.
       */
      let refusedFixture: Promise<Fixture> | undefined;
      const forRefusal = () => (refusedFixture ??= makeFixture(t, admin));

      it('from a foreign Origin: 403 origin_not_allowed, nothing changed', async () => {
        const request = build(await forRefusal());
        const before = await snapshot();
        const response = await inject(route, request, { origin: EVIL_ORIGIN });
        expectProblem(response, 403, 'origin_not_allowed');
        expect(await snapshot()).toEqual(before);
      });

      it('marked Sec-Fetch-Site: cross-site without an Origin: 403, nothing changed', async () => {
        const request = build(await forRefusal());
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
        const request = build(await forRefusal());
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

      it('with "__proto__" or "constructor" keys in the JSON body: 4xx, never 5xx', async () => {
        const request = build(await forRefusal());
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

      it('the same request from our own site as JSON succeeds and stores what it is for', async () => {
        const fixture = await makeFixture(t, admin);
        await PREPARE[name]?.(t, fixture);
        const request = build(fixture);
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
    },
  );

  describe('only the routes that take a file take a multipart form, and only with our own Origin', () => {
    // One fixture for all, as only the routes that take a file act on it; one test a route, so
    // that each has its own time and a failure names its route.
    let fixture: Fixture;
    beforeAll(async () => {
      fixture = await makeFixture(t, admin);
    });

    it.each(mutatingRoutes.map((route) => [key(route), route] as const))(
      '%s',
      async (name, route) => {
        const upload = VALID_REQUESTS['POST /uploads']?.(fixture).form;
        if (!upload) throw new Error('no upload form');
        const request = VALID_REQUESTS[name]?.(fixture) as ReturnType<Build>;
        // A route that takes a file gets its own; every other route an image's form.
        const form = (route.consumes === 'multipart/form-data' && request.form) || upload;
        const before = await snapshot();
        const sent = await t.app.inject({
          method: route.method,
          url: request.url,
          headers: { cookie: admin.cookie, origin: TEST_ORIGIN, ...form.headers },
          payload: form.payload,
        });
        if (route.consumes === 'multipart/form-data') {
          expect(sent.statusCode, `${name}: ${sent.body}`).toBe(route.status ?? 200);
          if (STORES_NOTHING.has(name)) expect(await snapshot()).toEqual(before);
          else expect(await snapshot()).not.toEqual(before);
          // Without an Origin (not sent by our pages), the same form is refused.
          const bare = await t.app.inject({
            method: route.method,
            url: request.url,
            headers: { cookie: admin.cookie, ...form.headers },
            payload: form.payload,
          });
          expectProblem(bare, 403, 'forbidden');
        } else {
          expectProblem(sent, 403, 'forbidden');
          expect(await snapshot()).toEqual(before);
        }
      },
    );
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
    // Reviews come from customers with a paid order (decision 032).
    await t.givePaidOrder(customer);
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
