import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authActions } from '../../contract/auth-actions.ts';
import { hasControlCharacters } from '../../contract/common.ts';
import { allRoutes } from '../../contract/routes.ts';
import { user } from '../db/schema.ts';
import {
  type BadRequest,
  badRequestsFor,
  type GoodRequest,
  type HostileRoute,
  OVERSIZED_HEADERS,
} from '../testing/hostile-requests.ts';
import { expectFieldError, expectProblem } from '../testing/http.ts';
import { type ApiDocument, createAnswerCheck } from '../testing/openapi-check.ts';
import { databaseChecksum } from '../testing/store-snapshot.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext, type TestUser } from '../testing/test-app.ts';
import { delivery, makeFixture, VALID_REQUESTS } from '../testing/valid-requests.ts';

let t: TestContext;
let admin: TestUser;
let customer: TestUser;
let description: ReturnType<typeof createAnswerCheck>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Hostile Tester' });
  customer = await t.signUp({ name: 'Cai Customer' });
  const served = await t.app.inject({ url: '/api/docs/json' });
  description = createAnswerCheck(served.json() as ApiDocument);
});
afterAll(async () => {
  await t.close();
});

/** A good request for each account action (each bad variation differs from it in one thing). */
function authGoodRequests(): Record<string, GoodRequest> {
  const email = admin.email;
  return {
    'POST /sign-in/email': {
      url: '/api/auth/sign-in/email',
      body: { email, password: admin.password },
    },
    'POST /sign-up/email': {
      url: '/api/auth/sign-up/email',
      body: { name: 'New Person', email: 'new-person@example.com', password: 'sturdy-anvil-88' },
    },
    'POST /sign-in/social': {
      url: '/api/auth/sign-in/social',
      body: { provider: 'google', callbackURL: '/dashboard', disableRedirect: true },
    },
    'POST /sign-out': { url: '/api/auth/sign-out', body: {} },
    'POST /request-password-reset': {
      url: '/api/auth/request-password-reset',
      body: { email, redirectTo: '/reset-password' },
    },
    'POST /reset-password': {
      url: '/api/auth/reset-password',
      body: { newPassword: 'sturdy-anvil-88', token: 'abcdefghijklmnop' },
    },
    'POST /send-verification-email': {
      url: '/api/auth/send-verification-email',
      body: { email, callbackURL: '/email-verified' },
    },
    'POST /confirm-sign-up': {
      url: '/api/auth/confirm-sign-up',
      body: { token: 'abcdefghijklmnop', password: 'sturdy-anvil-88' },
    },
    'POST /change-password': {
      url: '/api/auth/change-password',
      body: { currentPassword: admin.password, newPassword: 'sturdy-anvil-99' },
    },
    'POST /update-user': { url: '/api/auth/update-user', body: { name: 'Renamed Tester' } },
    'POST /revoke-sessions': { url: '/api/auth/revoke-sessions', body: {} },
    'POST /revoke-other-sessions': { url: '/api/auth/revoke-other-sessions', body: {} },
    'GET /get-session': { url: '/api/auth/get-session' },
    'GET /list-sessions': { url: '/api/auth/list-sessions' },
    'GET /reset-password/:token': {
      url: '/api/auth/reset-password/abcdefghijklmnop?callbackURL=/reset-password',
    },
    'GET /callback/:id': { url: '/api/auth/callback/google?code=abc&state=def' },
    'GET /error': { url: '/api/auth/error?error=access_denied' },
  };
}

async function send(request: BadRequest, cookie: string) {
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: {
      origin: TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(request.contentType ? { 'content-type': request.contentType } : {}),
      ...request.headers,
    },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

/** Sends each request as an admin (who passes every access check, so validation is what stops
 * it) and as a visitor; returns what was not a 4xx problem. */
async function refusals(requests: BadRequest[]): Promise<string[]> {
  const failures: string[] = [];
  for (const cookie of [admin.cookie, '']) {
    for (const request of requests) {
      const response = await send(request, cookie);
      const isProblem = String(response.headers['content-type']).startsWith(
        'application/problem+json',
      );
      if (response.statusCode < 400 || response.statusCode >= 500 || !isProblem) {
        failures.push(`${request.label} -> ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
      // Each refusal of an operation the API description has is one it describes.
      const [method = '', path = ''] = request.label.split(': ')[0]?.split(' ') ?? [];
      if (description.describes(method, path)) {
        failures.push(...description.misfits(method, path, response));
      }
    }
  }
  return failures;
}

describe('hostile input', () => {
  it('thousands of generated bad requests across every store route: each a 4xx problem, none a 5xx, nothing changed', async () => {
    const requests: BadRequest[] = [];
    const fixture = await makeFixture(t, admin);
    for (const route of allRoutes()) {
      const name = `${route.method} ${route.path}`;
      const good = VALID_REQUESTS[name]?.(fixture) ?? {
        url: `/api${route.path.replace(':id', fixture.unpaidOrder._id).replace(':email', encodeURIComponent(admin.email))}${
          route.path === '/user' ? `?email=${encodeURIComponent(admin.email)}` : ''
        }`,
      };
      requests.push(...badRequestsFor(route, good));
    }
    expect(requests.length).toBeGreaterThanOrEqual(1200);
    const before = await databaseChecksum(t);
    expect(await refusals(requests)).toEqual([]);
    expect(await databaseChecksum(t)).toBe(before);
    // Some 2,000 requests, each checked: on a loaded two-core machine this takes longer than most.
  }, 120_000);

  it('the same for every account action under /api/auth (Better Auth\u2019s routes)', async () => {
    const goods = authGoodRequests();
    const requests: BadRequest[] = [];
    for (const action of Object.values(authActions)) {
      const route: HostileRoute = { ...action, path: `/auth${action.path}` };
      const good = goods[`${action.method} ${action.path}`];
      expect(good, `a good request for ${action.method} ${action.path}`).toBeDefined();
      if (good) requests.push(...badRequestsFor(route, good));
    }
    expect(requests.length).toBeGreaterThanOrEqual(700);
    const before = await databaseChecksum(t);
    expect(await refusals(requests)).toEqual([]);
    expect(await databaseChecksum(t)).toBe(before);
    // The admin's session survived all of it.
    expect(
      (
        await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: admin.cookie } })
      ).json(),
    ).not.toBeNull();
  });

  it('oversized and malformed headers on every route, store and account: never a 5xx, nothing changed', async () => {
    const fixture = await makeFixture(t, admin);
    const routes: { method: string; url: string }[] = [
      ...allRoutes().map((route) => ({
        method: route.method,
        url: `/api${route.path.replace(':id', fixture.unpaidOrder._id).replace(':email', encodeURIComponent(admin.email))}`,
      })),
      ...Object.values(authActions).map((action) => ({
        method: action.method,
        url: `/api/auth${action.path.replace(':token', 'abc').replace(':id', 'google')}`,
      })),
    ];
    const before = await databaseChecksum(t);
    const failures: string[] = [];
    for (const route of routes) {
      for (const headers of OVERSIZED_HEADERS) {
        // An invalid body, so that no write can succeed whatever the headers do.
        const request: BadRequest = {
          label: `${route.method} ${route.url} with ${Object.keys(headers).join(', ')}`,
          method: route.method,
          url: route.url,
          headers,
          ...(route.method === 'GET' ? {} : { payload: '{', contentType: 'application/json' }),
        };
        for (const cookie of [admin.cookie, '']) {
          const response = await send(request, headers.cookie ? '' : cookie);
          if (response.statusCode >= 500) {
            failures.push(
              `${request.label} -> ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await databaseChecksum(t)).toBe(before);
  });
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
    const before = { rows: await databaseChecksum(t), uploads: await t.storedUploads() };
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
    expect({ rows: await databaseChecksum(t), uploads: await t.storedUploads() }).toEqual(before);
  });

  it.each(['null', '[]', '"text"', '42', 'true', '{"name":{"$gt":""}}'])(
    'a JSON body of %s: 4xx problem, never 5xx, nothing stored',
    async (payload) => {
      const before = { rows: await databaseChecksum(t), uploads: await t.storedUploads() };
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
      expect({ rows: await databaseChecksum(t), uploads: await t.storedUploads() }).toEqual(before);
    },
  );

  it('quantity rules that do not fit each other or the columns: 400 naming the field, never a database error', async () => {
    const tool = await t.addTool({ minimumOrder: 20, orderIncrement: 10, maxPerOrder: 500 });
    const before = await databaseChecksum(t);
    const changes: [Record<string, unknown>, string][] = [
      [{ orderIncrement: 0 }, 'orderIncrement'],
      [{ orderIncrement: 2 ** 31 }, 'orderIncrement'],
      [{ orderIncrement: 3 }, 'minimumOrder'],
      [{ minimumOrder: 25 }, 'minimumOrder'],
      [{ maxPerOrder: 10 }, 'maxPerOrder'],
      [{ maxPerOrder: 505 }, 'maxPerOrder'],
      [{ maxPerOrder: -1 }, 'maxPerOrder'],
      [{ maxPerOrder: '500' }, 'maxPerOrder'],
      [{ orderIncrement: 1000, maxPerOrder: 500 }, 'minimumOrder'],
    ];
    for (const [body, field] of changes) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/tools/${tool.id}`,
        headers: admin.headers,
        payload: body,
      });
      expectFieldError(response, field);
    }
    // An order line of a pack-sold tool with the most units a line may have, and past it.
    for (const quantity of [999_999, 1_000_001, 2 ** 31]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.headers,
        payload: { lines: [{ toolId: tool.id, quantity }], ...delivery },
      });
      expectFieldError(response, 'lines.0.quantity');
    }
    expect(await databaseChecksum(t)).toEqual(before);
  });

  it('a quick order of 10,000 lines, a huge body, odd encodings and formulas: refused or explained, never a 5xx, nothing stored', async () => {
    const before = await databaseChecksum(t);
    const check = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/quick-order/check',
        headers: { origin: TEST_ORIGIN },
        payload: { text },
      });
    const tenThousand = await check('x\n'.repeat(10_000));
    expect(expectFieldError(tenThousand, 'text').detail).toBe(
      'This list has 10,000 lines; a quick order takes at most 500 at once: split it.',
    );
    expectFieldError(await check('AB-1 1\n'.repeat(5_000)), 'text');
    expectProblem(await check('x'.repeat(70 * 1024)), 413, 'payload_too_large');
    // UTF-16 read as single bytes: the NULs are refused, as in any text the store takes.
    expectFieldError(await check('\u0000H\u0000D\u0000-\u00001\u00003\u0000 \u00002'), 'text');
    const odd = await check(
      [
        // A lone surrogate, a reversed line, formulas, SQL.
        'AB-1\ud800 5',
        '\u202eAB-1 5',
        '=HYPERLINK("http://evil.example","x"),10',
        "@SUM(1+1)*cmd|' /C calc'!A0;3",
        "AB-1' OR '1'='1 5",
      ].join('\n'),
    );
    expect(odd.statusCode, odd.body).toBe(200);
    const rows = odd.json().rows as { problem: string; text: string }[];
    expect(rows.map((row) => row.problem)).toEqual(Array(5).fill('unreadable'));
    for (const row of rows) {
      expect(row.text.length).toBeLessThanOrEqual(60);
      expect(hasControlCharacters(row.text) || row.text.includes('\u202e')).toBe(false);
    }
    expect(await databaseChecksum(t)).toEqual(before);
  });

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

  it('specification values no attribute allows, on a new tool and a changed one: each a 4xx problem, nothing changed', async () => {
    const category = await t.addCategory();
    await t.addAttribute(category.id, { key: 'chuck-size', name: 'Chuck size' });
    await t.addAttribute(category.id, {
      key: 'chuck-type',
      name: 'Chuck type',
      kind: 'choice',
      options: ['Keyless'],
    });
    const tool = await t.addTool({ categoryId: category.id });
    const hostile = [
      { 'chuck-size': { $gt: 0 } },
      { 'chuck-size': [13] },
      { 'chuck-size': null },
      { 'chuck-size': '13; drop table tools' },
      { 'chuck-size': 'NaN' },
      { 'chuck-type': "Keyless' OR '1'='1" },
      { 'chuck-type': 'x'.repeat(201) },
      { 'chuck-type': 'Key\u0000less' },
      { "chuck-size') or ('1'='1": 13 },
      { '<script>alert(1)</script>': true },
      JSON.parse('{"__proto__": {"isAdmin": true}}'),
      { constructor: 'x' },
      Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])),
      'chuck-size=13',
      [13],
    ];
    const before = await databaseChecksum(t);
    const failures: string[] = [];
    for (const specs of hostile) {
      const sent = [
        {
          method: 'POST' as const,
          url: '/api/tools',
          payload: JSON.stringify({
            name: 'Hostile Spec Tool',
            img: '/images/tools/x.svg',
            description: 'A tool with values no attribute allows.',
            quantity: 5,
            minimumOrder: 1,
            price: 100,
            categoryId: category.id,
            specs,
          }),
        },
        {
          method: 'PATCH' as const,
          url: `/api/tools/${tool.id}`,
          payload: JSON.stringify({ specs }),
        },
      ];
      for (const request of sent) {
        const response = await t.app.inject({
          ...request,
          headers: {
            origin: TEST_ORIGIN,
            cookie: admin.cookie,
            'content-type': 'application/json',
          },
        });
        const isProblem = String(response.headers['content-type']).startsWith(
          'application/problem+json',
        );
        if (response.statusCode < 400 || response.statusCode >= 500 || !isProblem) {
          const what = `${request.method} ${JSON.stringify(specs).slice(0, 60)}`;
          failures.push(`${what} -> ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await databaseChecksum(t)).toEqual(before);
  });
});
