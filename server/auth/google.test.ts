import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../contract/system.ts';
import { account, pendingSignUp, user } from '../db/schema.ts';
import { freePort } from '../free-port.ts';
import { cookieJar, fetchWith } from '../testing/cookie-jar.ts';
import { type StandInAccount, startOidcStandIn } from '../testing/oidc-stand-in.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext } from '../testing/test-app.ts';

let base: string;
let t: TestContext;
let oidc: Awaited<ReturnType<typeof startOidcStandIn>>;
const accounts: StandInAccount[] = [
  {
    email: 'gina@example.com',
    emailVerified: true,
    name: 'Gina Google',
    picture: 'https://lh3.googleusercontent.com/a/gina.png',
  },
  {
    email: 'linked@example.com',
    emailVerified: true,
    name: 'Lina Linked',
    picture: 'https://lh3.googleusercontent.com/a/lina.png',
  },
  {
    email: 'tracker@example.com',
    emailVerified: true,
    // What a provider says is cleaned like anything a client sends.
    name: 'Trixie\u0007 \u202eTracker\u0085',
    picture: 'https://tracker.example/pixel.gif',
  },
  {
    email: 'unverified@example.com',
    emailVerified: false,
    name: 'Uma Unverified',
    picture: 'https://lh3.googleusercontent.com/a/uma.png',
  },
];

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  oidc = await startOidcStandIn({
    clientId: 'toolyard-test',
    clientSecret: 'toolyard-test-secret',
    redirectUri: `${base}/api/auth/callback/google`,
    accounts,
  });
  t = await buildTestApp({
    publicUrl: base,
    trustedOrigins: [base, TEST_ORIGIN],
    adminEmails: ['chief@example.com'],
    google: {
      clientId: 'toolyard-test',
      clientSecret: 'toolyard-test-secret',
      discoveryUrl: oidc.discoveryUrl,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await oidc.close();
});

/** Signs in through the stand-in's login and consent pages; returns where the store sends the browser. */
async function signInWithGoogle(email: string) {
  const store = cookieJar();
  const provider = cookieJar();
  const start = await fetchWith(store, `${base}/api/auth/sign-in/social`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({
      provider: 'google',
      callbackURL: '/dashboard',
      errorCallbackURL: '/login',
      disableRedirect: true,
    }),
  });
  expect(start.status).toBe(200);
  let { url } = (await start.json()) as { url: string };
  expect(url.startsWith(oidc.issuer)).toBe(true);

  for (let hop = 0; hop < 12; hop += 1) {
    if (url.startsWith(base)) break;
    const response = await fetchWith(provider, url);
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location') ?? '', url).toString();
      continue;
    }
    // An interaction page: the login form, then the consent form.
    const html = await response.text();
    const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? '', url).toString();
    const form = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login: email, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
    const submitted = await fetchWith(provider, action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    url = new URL(submitted.headers.get('location') ?? '', action).toString();
  }
  expect(url.startsWith(`${base}/api/auth/callback/google`)).toBe(true);
  const callback = await fetchWith(store, url);
  return { callback, location: callback.headers.get('location') ?? '', store };
}

/** A JSON POST to the store from its own site. */
const postJson = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const signUp = (body: { name: string; email: string; password: string }) =>
  postJson('/api/auth/sign-up/email', body);
const signIn = (email: string, password: string) =>
  postJson('/api/auth/sign-in/email', { email, password });
const confirm = (token: string, password: string) =>
  postJson('/api/auth/confirm-sign-up', { token, password });

/** The token of the newest confirmation link mailed to `email` other than `seen`. */
async function confirmationToken(email: string, seen?: string): Promise<string> {
  await t.app.mailer.drain();
  const token = t.sentMail
    .filter((mail) => mail.to === email)
    .map((mail) => /\/confirm-email\?token=([\w-]+)/.exec(mail.text)?.[1])
    .filter((found) => found !== undefined && found !== seen)
    .at(-1);
  if (!token) throw new Error(`no confirmation link was mailed to ${email}`);
  return token;
}

async function session(store: ReturnType<typeof cookieJar>) {
  const response = await fetchWith(store, `${base}/api/auth/get-session`);
  return (await response.json()) as {
    user: { email: string; name: string; image: string; emailVerified: boolean; role: string };
  } | null;
}

describe('Google sign-in (OpenID Connect, against a local stand-in)', () => {
  it('the config announces it', async () => {
    const config = (await (await fetch(`${base}/api/config`)).json()) as PublicConfig;
    expect(config.signIn.google).toBe(true);
  });

  it('signs a new customer in with name, photo and a verified email', async () => {
    const { callback, location, store } = await signInWithGoogle('gina@example.com');
    expect(callback.status).toBe(302);
    expect(location).toBe('/dashboard');
    const current = await session(store);
    expect(current?.user).toMatchObject({
      email: 'gina@example.com',
      name: 'Gina Google',
      image: 'https://lh3.googleusercontent.com/a/gina.png',
      emailVerified: true,
    });
    const [row] = await t.db.select().from(user).where(eq(user.email, 'gina@example.com'));
    expect(row?.role).toBe('User');
  });

  it('keeps a provider\u2019s name plain and drops a photo not hosted by Google', async () => {
    const { location, store } = await signInWithGoogle('tracker@example.com');
    expect(location).toBe('/dashboard');
    const current = await session(store);
    expect(current?.user.name).toBe('Trixie Tracker');
    expect(current?.user.image ?? null).toBeNull();
    const [row] = await t.db.select().from(user).where(eq(user.email, 'tracker@example.com'));
    expect(row?.image).toBeNull();
  });

  it('links to an existing password account when the provider says the email is verified', async () => {
    const existing = await t.signUp({
      email: 'linked@example.com',
      name: 'Lina Password',
      verified: true,
    });
    const { location, store } = await signInWithGoogle('linked@example.com');
    expect(location).toBe('/dashboard');
    expect((await session(store))?.user.email).toBe('linked@example.com');
    const links = await t.db.select().from(account).where(eq(account.userId, existing.id));
    expect(links.map((l) => l.providerId).sort()).toEqual(['credential', 'google']);
  });

  it('makes the owner\u2019s account from Google when only a squatter\u2019s sign-up waits for the address', async () => {
    const email = 'squatted@example.com';
    accounts.push({
      email,
      emailVerified: true,
      name: 'Sam Owner',
      picture: 'https://lh3.googleusercontent.com/a/sam.png',
    });
    // Someone who does not own the address signs up with it first.
    expect((await signUp({ name: 'Not Sam', email, password: 'squat-squat-77' })).status).toBe(200);
    const squattersLink = await confirmationToken(email);

    const { location, store } = await signInWithGoogle(email);
    expect(location).toBe('/dashboard');
    expect((await session(store))?.user).toMatchObject({ email, name: 'Sam Owner' });
    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    const links = await t.db
      .select()
      .from(account)
      .where(eq(account.userId, row?.id ?? ''));
    expect(links.map((l) => l.providerId)).toEqual(['google']);

    // The squatter's sign-up is gone: its password and its link lead nowhere.
    expect(await t.db.select().from(pendingSignUp).where(eq(pendingSignUp.email, email))).toEqual(
      [],
    );
    expect((await signIn(email, 'squat-squat-77')).status).toBe(401);
    expect((await confirm(squattersLink, 'squat-squat-77')).status).toBe(400);
  });

  it('with ADMIN_EMAILS, a squatter\u2019s sign-up gains nothing and the owner\u2019s Google account is admin', async () => {
    const email = 'chief@example.com';
    accounts.push({
      email,
      emailVerified: true,
      name: 'Chief Owner',
      picture: 'https://lh3.googleusercontent.com/a/chief.png',
    });
    await signUp({ name: 'Not Chief', email, password: 'squat-squat-77' });
    const { location, store } = await signInWithGoogle(email);
    expect(location).toBe('/dashboard');
    expect((await session(store))?.user).toMatchObject({ email, role: 'Admin' });
    expect((await signIn(email, 'squat-squat-77')).status).toBe(401);
  });

  it('following the store\u2019s advice (confirm, then Google) joins Google to the owner\u2019s own sign-up', async () => {
    const email = 'advised@example.com';
    accounts.push({
      email,
      emailVerified: true,
      name: 'Ada Advised',
      picture: 'https://lh3.googleusercontent.com/a/ada.png',
    });
    await signUp({ name: 'Not Ada', email, password: 'squat-squat-77' });
    const squattersLink = await confirmationToken(email);
    await signUp({ name: 'Ada Advised', email, password: 'owner-anvil-55' });
    const ownersLink = await confirmationToken(email, squattersLink);
    expect((await confirm(ownersLink, 'owner-anvil-55')).status).toBe(200);

    const { location, store } = await signInWithGoogle(email);
    expect(location).toBe('/dashboard');
    expect((await session(store))?.user).toMatchObject({ email, name: 'Ada Advised' });
    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    const links = await t.db
      .select()
      .from(account)
      .where(eq(account.userId, row?.id ?? ''));
    expect(links.map((l) => l.providerId).sort()).toEqual(['credential', 'google']);
    expect((await signIn(email, 'owner-anvil-55')).status).toBe(200);
    expect((await signIn(email, 'squat-squat-77')).status).toBe(401);
  });

  it('makes no account for an address the provider does not vouch for', async () => {
    const email = 'unvouched@example.com';
    accounts.push({
      email,
      emailVerified: false,
      name: 'Una Vouched',
      picture: 'https://lh3.googleusercontent.com/a/una.png',
    });
    const { location, store } = await signInWithGoogle(email);
    expect(location).toContain('/login?error=');
    expect(await session(store)).toBeNull();
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it('does not link when the provider does not vouch for the email', async () => {
    const existing = await t.signUp({
      email: 'unverified@example.com',
      name: 'Uma Password',
      verified: true,
    });
    const { location, store } = await signInWithGoogle('unverified@example.com');
    expect(location).toContain('error=account_not_linked');
    expect(await session(store)).toBeNull();
    const links = await t.db.select().from(account).where(eq(account.userId, existing.id));
    expect(links.map((l) => l.providerId)).toEqual(['credential']);
  });
});
