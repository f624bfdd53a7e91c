import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSummarySchema } from '../../../contract/users.ts';
import { user } from '../../db/schema.ts';
import { client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildShopTestApp, type ShopTestApp } from '../../testing/shop-test-app.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext } from '../../testing/test-app.ts';

/** Who is an admin: the list of people, role changes, the last admin, and ADMIN_EMAILS. */

let shop: ShopTestApp;
beforeAll(async () => {
  shop = await buildShopTestApp({ ana: 'Ana Lopez', bob: 'Bob Stone' });
});
afterAll(() => shop.close());

/** Signs up through the real account endpoint, as a browser would, and returns the stored row. */
async function signUpDirectly(app: TestContext, body: Record<string, unknown>) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { name: 'New Person', password: 'correct-horse-battery-9', ...body },
  });
  const [row] = await app.db
    .select()
    .from(user)
    .where(eq(user.email, String(body.email).toLowerCase()));
  return { response, row };
}

describe('GET /api/alluser', () => {
  it('lists every user with id, name, email and role, to admins only', async () => {
    const response = await shop.asAdmin.get('/alluser');
    expect(response.statusCode).toBe(200);
    const list = UserSummarySchema.strict().array().parse(response.json());
    expect(list).toHaveLength((await shop.t.db.select().from(user)).length);
    expect(list).toContainEqual({
      _id: shop.ana.id,
      name: 'Ana Lopez',
      email: shop.ana.email,
      role: 'User',
    });
    expect(list).toContainEqual(expect.objectContaining({ _id: shop.admin.id, role: 'Admin' }));

    expectProblem(await shop.asAna.get('/alluser'), 403, 'forbidden');
    expectProblem(await shop.visitor.get('/alluser'), 401, 'unauthenticated');
  });
});

describe('PUT /api/alluser?email= (roles)', () => {
  it('makes a user admin and takes the role back; the session follows at once', async () => {
    const carol = await shop.t.signUp({ name: 'Carol' });
    const asCarol = client(shop.t.app, carol);
    expectProblem(await asCarol.get('/alluser'), 403, 'forbidden');

    const promoted = await shop.asAdmin.put(`/alluser?email=${carol.email}`, { role: 'Admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(json(promoted)).toEqual({
      _id: carol.id,
      name: 'Carol',
      email: carol.email,
      role: 'Admin',
    });
    expect((await shop.userRow(carol.id))?.role).toBe('Admin');
    expect((await asCarol.get('/alluser')).statusCode).toBe(200);

    const demoted = await shop.asAdmin.put(`/alluser?email=${carol.email}`, { role: 'User' });
    expect(json(demoted)).toMatchObject({ role: 'User' });
    expect((await shop.userRow(carol.id))?.role).toBe('User');
    expectProblem(await asCarol.get('/alluser'), 403, 'forbidden');
  });

  it('is for admins only, changing nothing otherwise', async () => {
    expectProblem(
      await shop.asAna.put(`/alluser?email=${shop.ana.email}`, { role: 'Admin' }),
      403,
      'forbidden',
    );
    expectProblem(
      await shop.visitor.put(`/alluser?email=${shop.ana.email}`, { role: 'Admin' }),
      401,
      'unauthenticated',
    );
    expect((await shop.userRow(shop.ana.id))?.role).toBe('User');
  });

  it('answers 404 for an unknown email and 400 for a bad role or query', async () => {
    expectProblem(
      await shop.asAdmin.put('/alluser?email=nobody@example.com', { role: 'Admin' }),
      404,
      'not_found',
    );
    expectFieldError(
      await shop.asAdmin.put(`/alluser?email=${shop.ana.email}`, { role: 'Owner' }),
      'role',
    );
    expectFieldError(
      await shop.asAdmin.put(`/alluser?email=${shop.ana.email}`, { role: 'admin' }),
      'role',
    );
    expectFieldError(await shop.asAdmin.put('/alluser', { role: 'Admin' }), 'email', 'query');
    expect((await shop.userRow(shop.ana.id))?.role).toBe('User');
  });

  it('never demotes the last admin (409 last_admin)', async () => {
    const solo = await buildTestApp();
    try {
      const only = await solo.signUp({ role: 'Admin' });
      const asOnly = client(solo.app, only);
      expectProblem(
        await asOnly.put(`/alluser?email=${only.email}`, { role: 'User' }),
        409,
        'last_admin',
      );
      const [row] = await solo.db.select().from(user).where(eq(user.id, only.id));
      expect(row?.role).toBe('Admin');

      // With a second admin, one may step down; then the other is the last.
      const second = await solo.signUp({ role: 'Admin' });
      expect((await asOnly.put(`/alluser?email=${only.email}`, { role: 'User' })).statusCode).toBe(
        200,
      );
      expectProblem(
        await client(solo.app, second).put(`/alluser?email=${second.email}`, { role: 'User' }),
        409,
        'last_admin',
      );
    } finally {
      await solo.close();
    }
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const solo = await buildTestApp();
    try {
      const [first, second] = [
        await solo.signUp({ role: 'Admin' }),
        await solo.signUp({ role: 'Admin' }),
      ];
      const responses = await Promise.all([
        client(solo.app, first).put(`/alluser?email=${second.email}`, { role: 'User' }),
        client(solo.app, second).put(`/alluser?email=${first.email}`, { role: 'User' }),
      ]);
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      const admins = await solo.db.select().from(user).where(eq(user.role, 'Admin'));
      expect(admins).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });
});

describe('who becomes admin', () => {
  it('a sign-up carrying role: Admin is refused and makes no user', async () => {
    const { response, row } = await signUpDirectly(shop.t, {
      email: 'sneaky@example.com',
      role: 'Admin',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'role', in: 'body', message: 'Unknown field: role.' },
    ]);
    expect(row).toBeUndefined();
  });

  it('a profile update through the account service cannot set the role', async () => {
    const response = await shop.t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: shop.ana.headers,
      payload: { name: 'Ana Lopez', role: 'Admin' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await shop.userRow(shop.ana.id))?.role).toBe('User');
  });

  it('ADMIN_EMAILS makes that address an admin once its email is confirmed, in any letter case', async () => {
    const withAdmins = await buildTestApp({ adminEmails: ['boss@example.com'] });
    try {
      // Signing up with a listed address makes no account, let alone an admin...
      const boss = await signUpDirectly(withAdmins, { email: 'Boss@Example.com' });
      expect(boss.response.statusCode, boss.response.body).toBe(200);
      expect(boss.response.json().user.role).toBe('User');
      expect(boss.row).toBeUndefined();
      // ...until the owner of the address confirms it with the emailed link.
      await withAdmins.app.mailer.drain();
      const mail = withAdmins.sentMail.find((m) => m.to === 'boss@example.com');
      const token = new URL(
        /https?:\/\/\S+confirm-email\S+/.exec(mail?.text ?? '')?.[0] ?? '',
      ).searchParams.get('token');
      const confirmed = await withAdmins.app.inject({
        method: 'POST',
        url: '/api/auth/confirm-sign-up',
        headers: { origin: TEST_ORIGIN },
        payload: { token, password: 'correct-horse-battery-9' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const [row] = await withAdmins.db
        .select()
        .from(user)
        .where(eq(user.email, 'boss@example.com'));
      expect(row?.role).toBe('Admin');

      const other = await signUpDirectly(withAdmins, { email: 'worker@example.com' });
      expect(other.response.statusCode).toBe(200);
      expect(other.row).toBeUndefined();
    } finally {
      await withAdmins.close();
    }
  });
});
