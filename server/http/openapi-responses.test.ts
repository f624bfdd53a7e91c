import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authActions, isDescribed } from '../../contract/auth-actions.ts';
import type { RouteDescriptor } from '../../contract/common.ts';
import { allRoutes } from '../../contract/routes.ts';
import { READS, REFUSALS, type Sent, sender } from '../testing/described-requests.ts';
import { nestedJson } from '../testing/hostile-requests.ts';
import { startOidcStandIn } from '../testing/oidc-stand-in.ts';
import { type ApiDocument, createAnswerCheck } from '../testing/openapi-check.ts';
import { startStripeStandIn } from '../testing/stripe-stand-in.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext, type TestUser } from '../testing/test-app.ts';
import { type Fixture, makeFixture, PREPARE, VALID_REQUESTS } from '../testing/valid-requests.ts';

/**
 * Real answers of every described operation, each checked against the API description the app
 * serves (server/testing/openapi-check.ts): for each route its success and its refusals, those
 * every route of its kind answers and those only it answers, and the account actions the web app
 * calls. An answer whose status, media type, body or telling header the description does not
 * have fails the test.
 */

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

let t: TestContext;
let users: Record<'admin' | 'customer' | 'unverified', TestUser>;
let misfits: ReturnType<typeof createAnswerCheck>['misfits'];
/** `METHOD path` of every operation seen succeed, and every status seen per operation. */
const succeeded = new Set<string>();
const seen = new Map<string, Set<number>>();

async function served(context: TestContext) {
  const response = await context.app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return createAnswerCheck(response.json() as ApiDocument).misfits;
}

beforeAll(async () => {
  t = await buildTestApp();
  users = {
    admin: await t.signUp({ role: 'Admin', name: 'Ada Admin' }),
    customer: await t.signUp({ name: 'Cal Customer' }),
    unverified: await t.signUp({ name: 'Una Unverified', verified: false }),
  };
  misfits = await served(t);
});
afterAll(async () => {
  await t.close();
});

async function send(context: TestContext, method: string, sent: Sent, user = sender(sent, users)) {
  return context.app.inject({
    method: method as 'GET',
    url: sent.url,
    headers: {
      origin: TEST_ORIGIN,
      ...(sent.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...sent.form?.headers,
      ...(user ? { cookie: user.cookie } : {}),
      ...sent.headers,
    },
    ...(sent.form ? { payload: sent.form.payload } : {}),
    ...(sent.raw === undefined ? {} : { payload: sent.raw }),
    ...(sent.body === undefined ? {} : { payload: JSON.stringify(sent.body) }),
  });
}

/** Checks one answer; records what it was. */
function record(
  failures: string[],
  route: { method: string; path: string },
  response: LightMyRequestResponse,
  check = misfits,
) {
  failures.push(...check(route.method, route.path, response));
  const statuses = seen.get(key(route)) ?? new Set<number>();
  statuses.add(response.statusCode);
  seen.set(key(route), statuses);
  if (response.statusCode < 300) succeeded.add(key(route));
}

/**
 * The refusals every route of its kind answers, made from its success request (and a 304 where
 * the success carried an ETag).
 */
function standardRefusals(route: RouteDescriptor, good: Sent, etag?: string): Sent[] {
  const separator = good.url.includes('?') ? '&' : '?';
  const refusals: Sent[] = [{ ...good, url: `${good.url}${separator}x=%01` }];
  if (etag) refusals.push({ ...good, headers: { 'if-none-match': etag } });
  if (route.access !== 'public') refusals.push({ ...good, as: 'visitor' });
  if (route.access === 'admin') refusals.push({ ...good, as: 'customer' });
  if (route.path.includes(':')) {
    const param = route.path.match(/:\w+/)?.[0] ?? '';
    const long = `/api${route.path.replace(param, 'x'.repeat(400))}`;
    const unknown = param === ':email' ? 'nobody%40example.com' : crypto.randomUUID();
    refusals.push(
      { ...good, url: long },
      { ...good, url: `/api${route.path.replace(param, unknown)}` },
    );
  }
  if (MUTATING.has(route.method)) {
    const { form: _form, body: _body, ...bare } = good;
    refusals.push(
      { ...good, headers: { origin: 'https://elsewhere.example' } },
      { ...bare, raw: '<order/>', headers: { 'content-type': 'application/xml' } },
      { ...bare, body: { padding: 'p'.repeat(70 * 1024) } },
      { ...bare, raw: nestedJson(20), headers: { 'content-type': 'application/json' } },
    );
  }
  return refusals;
}

/**
 * The objects a read acts on. Reads change nothing, so they share one set made once; a route that
 * changes something gets fresh objects of its own, so no other test's change shows in a read.
 */
let readFixture: Promise<Fixture> | undefined;
function fixtureFor(route: RouteDescriptor): Promise<Fixture> {
  // The admin's own company and saved list are made afresh by each fixture (the earlier ones'
  // go), and so are their open quotes (the earlier ones are closed): a read of them gets its own
  // objects too.
  const isAdminsOwn =
    ['/companies/mine', '/lists'].some((prefix) => route.path.startsWith(prefix)) ||
    route.path === '/quotes/:id/delivery-options';
  if (route.method !== 'GET' || isAdminsOwn) {
    return makeFixture(t, users.admin);
  }
  readFixture ??= makeFixture(t, users.admin);
  return readFixture;
}

describe('every route of the contract answers as the API description says', () => {
  it.each(allRoutes().map((route) => [key(route), route] as const))('%s', async (name, route) => {
    const fixture = await fixtureFor(route);
    const built = VALID_REQUESTS[name]?.(fixture) ?? READS[name]?.(fixture);
    if (!built) throw new Error(`no request for ${name}`);
    // Placing an order is asked with an Idempotency-Key, so that asking again can be refused.
    const good: Sent = route.headers
      ? { ...built, headers: { 'idempotency-key': crypto.randomUUID() } }
      : built;
    const failures: string[] = [];
    const refuse = async (refusals: Sent[]) => {
      for (const sent of refusals) {
        const response = await send(t, route.method, sent);
        if (response.statusCode < 300) failures.push(`${name}: ${sent.url} was not refused`);
        record(failures, route, response);
      }
    };
    const particular = REFUSALS[name]?.(fixture, { sent: good }) ?? [];
    await refuse(particular.filter((sent) => !sent.isAfterSuccess));
    await PREPARE[name]?.(t, fixture);
    const success = await send(t, route.method, good);
    record(failures, route, success);
    const etag = success.headers.etag as string | undefined;
    await refuse(particular.filter((sent) => sent.isAfterSuccess));
    await refuse(standardRefusals(route, good, etag));
    expect(failures).toEqual([]);
  });
});

describe('the account actions the web app calls answer as the API description says', () => {
  const action = (name: keyof typeof authActions) => ({
    method: authActions[name].method,
    path: `/auth${authActions[name].path}`,
  });
  const post = (
    name: keyof typeof authActions,
    body: unknown,
    as?: Sent['as'],
  ): Sent & { name: typeof name } => ({
    name,
    url: `/api/auth${authActions[name].path}`,
    body,
    as: as ?? 'visitor',
  });

  /** The token of a link mailed to `email` (mail leaves through the outbox, soon after). */
  async function mailedToken(email: string, link: RegExp): Promise<string> {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const token = t.sentMail
        .filter((sent) => sent.to.includes(email))
        .map((sent) => sent.text.match(link)?.[1])
        .find(Boolean);
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no link like ${link} was mailed to ${email}`);
  }

  it('signing up, in and out, the session, resets and confirmations', async () => {
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const resetting = await t.signUp({ name: 'Rita Reset' });
    const asked = await send(t, 'POST', {
      url: '/api/auth/request-password-reset',
      body: { email: resetting.email, redirectTo: '/reset-password' },
      as: 'visitor',
    });
    expect(asked.statusCode).toBe(200);
    const token = await mailedToken(resetting.email, /\/api\/auth\/reset-password\/([\w.~-]+)/);
    const signedUp = await send(t, 'POST', {
      url: '/api/auth/sign-up/email',
      body: { name: 'Cody Confirm', email: `c-${email}`, password: 'sturdy-anvil-88' },
      as: 'visitor',
    });
    expect(signedUp.statusCode).toBe(200);
    const confirmation = await mailedToken(`c-${email}`, /\/confirm-email\?token=([\w.~-]+)/);
    const requests = [
      post('confirmSignUp', { token: confirmation, password: 'not-the-password' }),
      post('confirmSignUp', { token: confirmation, password: 'sturdy-anvil-88' }),
      post('confirmSignUp', { token: 'abcdefghijklmnop', password: 'sturdy-anvil-88' }),
      post('resetPassword', { newPassword: 'sturdy-anvil-99', token }),
      post('signUp', { name: 'Nina New', email, password: 'sturdy-anvil-88' }),
      post('signUp', { name: 'Nina New', email: 'nina@example.com', password: 'password' }),
      post('signIn', { email: users.customer.email, password: users.customer.password }),
      post('signIn', { email: users.customer.email, password: 'not-the-password' }),
      post('requestPasswordReset', { email, redirectTo: '/reset-password' }),
      post('resetPassword', { newPassword: 'sturdy-anvil-99', token: 'abcdefghijklmnop' }),
      post('sendVerificationEmail', { email }),
      { name: 'getSession', url: '/api/auth/get-session', as: 'customer' },
      { name: 'getSession', url: '/api/auth/get-session', as: 'visitor' },
      { name: 'getSession', url: '/api/auth/get-session?disableRefresh=maybe', as: 'visitor' },
      post('signOut', {}, 'visitor'),
      { ...post('signOut', {}), headers: { origin: 'https://elsewhere.example' } },
      { ...post('signIn', undefined), headers: { 'content-type': 'text/html' } },
      post('signIn', { email: 'x'.repeat(70 * 1024) }),
    ] as const;
    const failures: string[] = [];
    for (const { name, ...sent } of requests) {
      record(failures, action(name), await send(t, authActions[name].method, sent));
    }
    expect(failures).toEqual([]);
  });
});

describe('in Stripe mode with Google sign-in', () => {
  it('a Stripe payment starts, a test card is refused, Google sign-in gives its address', async () => {
    const stripeApi = await startStripeStandIn();
    const oidc = await startOidcStandIn({
      clientId: 'toolyard-test',
      clientSecret: 'toolyard-test-secret',
      redirectUri: `${TEST_ORIGIN}/api/auth/callback/google`,
      accounts: [],
    });
    const other = await buildTestApp({
      stripe: {
        secretKey: 'sk_test_toolyard',
        publishableKey: 'pk_test_toolyard',
        webhookSecret: 'whsec_test_toolyard',
        apiBase: stripeApi.url,
      },
      google: {
        clientId: 'toolyard-test',
        clientSecret: 'toolyard-test-secret',
        discoveryUrl: oidc.discoveryUrl,
      },
    });
    try {
      const check = await served(other);
      const admin = await other.signUp({ role: 'Admin' });
      const fixture = await makeFixture(other, admin);
      const failures: string[] = [];
      for (const route of allRoutes().filter((r) => r.path.startsWith('/payment/:id'))) {
        const built = VALID_REQUESTS[key(route)]?.(fixture);
        if (built) record(failures, route, await send(other, route.method, built, admin), check);
      }
      const social = { method: 'POST', path: `/auth${authActions.signInSocial.path}` };
      const body = { provider: 'google', callbackURL: '/dashboard', disableRedirect: true };
      const started = await send(other, 'POST', { url: `/api${social.path}`, body, as: 'visitor' });
      record(failures, social, started, check);
      expect(failures).toEqual([]);
    } finally {
      await other.close();
      await stripeApi.close();
      await oidc.close();
    }
  });
});

it('saw every described operation succeed, and each route refuse something', () => {
  const described = [
    ...allRoutes().map(key),
    ...Object.values(authActions)
      .filter(isDescribed)
      .map((a) => `${a.method} /auth${a.path}`),
  ];
  expect(described.filter((name) => !succeeded.has(name))).toEqual([]);
  const neverRefused = allRoutes()
    .map(key)
    .filter((name) => ![...(seen.get(name) ?? [])].some((status) => status >= 300));
  expect(neverRefused).toEqual([]);
});
