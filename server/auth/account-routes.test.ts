import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, reviews, user } from '../db/schema.ts';
import { type Client, client } from '../testing/http.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext } from '../testing/test-app.ts';

/**
 * What the account routes take: names and photos only by the store's rules, and only the actions
 * the store offers.
 */

let t: TestContext;
let visitor: Client;

beforeAll(async () => {
  t = await buildTestApp();
  visitor = client(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('names and photos keep the store\u2019s rules on the account routes', () => {
  const hostileNames: [string, unknown][] = [
    ['60 KB', 'N'.repeat(60_000)],
    ['an object', { first: 'Ana' }],
    ['a terminal escape', 'Ana \u001b[31mRed\u001b[0m'],
    ['an invisible C1 character', 'Ana\u0085Lopez'],
    ['a NUL', 'Ana\u0000Lopez'],
    ['a line break', 'Ana\n{"level":30,"msg":"forged"}'],
    ['a bidirectional override', 'Ana \u202eTroppus'],
    ['nothing', '   '],
  ];
  const hostileImages: [string, unknown][] = [
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a third-party tracker', 'https://tracker.example/pixel.gif'],
    ['a path browsers read as another host', '/\t/evil.example/x.png'],
    ['a protocol-relative URL', '//evil.example/x.png'],
    ['a backslash path', '/\\evil.example/x.png'],
    ['a data URL', 'data:image/svg+xml,<svg onload=alert(1)>'],
    // A path into the API: every browser that shows the photo calls it with its viewer's cookies.
    ['a path into the API', '/api/orderlist/export'],
    ['the API, spelled otherwise', '/API/orderlist/export?x=.webp'],
    ['a site path that is no uploaded image', '/images/avatar-default.svg'],
    ['an upload path that leads elsewhere', '/uploads/../api/orderlist/export'],
  ];

  it('update-user refuses them with 400 and changes nothing', async () => {
    const ana = await t.signUp({ name: 'Ana Lopez' });
    const [before] = await t.db.select().from(user).where(eq(user.id, ana.id));
    for (const [label, name] of hostileNames) {
      const response = await client(t.app, ana).post('/api/auth/update-user', { name });
      expect(response.statusCode, label).toBe(400);
      expect(response.json().errors?.[0]?.field, label).toBe('name');
    }
    for (const [label, image] of hostileImages) {
      const response = await client(t.app, ana).post('/api/auth/update-user', { image });
      expect(response.statusCode, label).toBe(400);
    }
    const [after] = await t.db.select().from(user).where(eq(user.id, ana.id));
    expect(after).toEqual(before);
  });

  it('a Google photo only on an account that signs in with Google; an uploaded image on any', async () => {
    const ana = await t.signUp({ name: 'Ana Photo' });
    const googlePhoto = 'https://lh3.googleusercontent.com/a/ana=s96-c';
    const refused = await client(t.app, ana).post('/api/auth/update-user', { image: googlePhoto });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors?.[0]?.field).toBe('image');

    const uploaded = `/uploads/${'ab12'.repeat(8)}-320.webp`;
    const upload = await client(t.app, ana).post('/api/auth/update-user', {
      image: uploaded,
      name: 'Ana  Photo-Lopez',
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.id, ana.id));
    expect(row).toMatchObject({ image: uploaded, name: 'Ana Photo-Lopez' });

    await t.db.insert(account).values({
      id: crypto.randomUUID(),
      accountId: 'google-sub-ana',
      providerId: 'google',
      userId: ana.id,
    });
    const google = await client(t.app, ana).post('/api/auth/update-user', { image: googlePhoto });
    expect(google.statusCode, google.body).toBe(200);
  });

  it('sign-up refuses them too, and stores nothing', async () => {
    for (const [label, name] of hostileNames) {
      const email = `hostile-${hostileNames.findIndex(([l]) => l === label)}@example.com`;
      const response = await visitor.post('/api/auth/sign-up/email', {
        name,
        email,
        password: 'sturdy-anvil-88',
      });
      expect(response.statusCode, label).toBe(400);
      expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
    for (const [label, image] of hostileImages) {
      const response = await visitor.post('/api/auth/sign-up/email', {
        name: 'Ima Image',
        email: 'image@example.com',
        password: 'sturdy-anvil-88',
        image,
      });
      expect(response.statusCode, label).toBe(400);
    }
    // A new account has no Google sign-in, so no Google photo either.
    const google = await visitor.post('/api/auth/sign-up/email', {
      name: 'Ima Image',
      email: 'image@example.com',
      password: 'sturdy-anvil-88',
      image: 'https://lh3.googleusercontent.com/pixel.gif?who=x',
    });
    expect(google.statusCode).toBe(400);
    expect(await t.db.select().from(user).where(eq(user.email, 'image@example.com'))).toEqual([]);
  });
});

describe('a photo stored before the photo rules', () => {
  it('is never put in front of anyone: reviews and details show no photo', async () => {
    const mallory = await t.signUp({ name: 'Mallory Photo' });
    const google = await t.signUp({ name: 'Gina Photo' });
    const googlePhoto = 'https://lh3.googleusercontent.com/a/gina=s96-c';
    await t.db.update(user).set({ image: '/api/orderlist/export' }).where(eq(user.id, mallory.id));
    await t.db.update(user).set({ image: googlePhoto }).where(eq(user.id, google.id));
    for (const author of [mallory, google]) {
      await t.db.insert(reviews).values({
        userId: author.id,
        userName: 'Photo test',
        rating: 5,
        review: 'Fine tools.',
      });
    }
    const shown = (await visitor.get('/api/reviews')).json() as { img: string | null }[];
    expect(shown.map((review) => review.img).sort()).toEqual([googlePhoto, null]);
    const details = await client(t.app, mallory).get(`/api/userdetails/${mallory.email}`);
    expect(details.json().image).toBeNull();
  });
});

describe('account actions the store does not offer', () => {
  it('answer 404, whatever Better Auth would do with them', async () => {
    const ana = await t.signUp();
    for (const [method, path] of [
      ['POST', '/api/auth/delete-user'],
      ['POST', '/api/auth/change-email'],
      ['POST', '/api/auth/update-session'],
      ['GET', '/api/auth/get-access-token'],
      ['POST', '/api/auth/link-social'],
      ['GET', '/api/auth/list-accounts'],
      ['POST', '/api/auth/revoke-session'],
      ['GET', '/api/auth/no-such-thing'],
      // Google sign-in is not configured here: its routes do not exist either.
      ['POST', '/api/auth/sign-in/social'],
      ['GET', '/api/auth/callback/google?code=x&state=y'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: path,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: ana.cookie },
        ...(method === 'POST' ? { payload: '{}' } : {}),
      });
      expect(response.statusCode, path).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
  });

  it('list-sessions hands no session token to page scripts', async () => {
    const ana = await t.signUp();
    await t.signIn(ana.email, ana.password);
    const response = await t.app.inject({
      url: '/api/auth/list-sessions',
      headers: { cookie: ana.cookie },
    });
    expect(response.statusCode).toBe(200);
    const sessions = response.json() as Record<string, unknown>[];
    expect(sessions.length).toBe(2);
    for (const listed of sessions) expect(listed).not.toHaveProperty('token');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
