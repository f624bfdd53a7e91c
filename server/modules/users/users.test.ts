import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserDetails, UserDetailsSchema, UserSummarySchema } from '../../../contract/users.ts';
import { user } from '../../db/schema.ts';
import { type Client, client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
import {
  buildTestApp,
  TEST_ORIGIN,
  type TestContext,
  type TestUser,
} from '../../testing/test-app.ts';
import { promoteConfiguredAdmins } from './admin-roles.ts';

let t: TestContext;
let visitor: Client;
let ana: TestUser;
let asAna: Client;
let bob: TestUser;
let admin: TestUser;
let asAdmin: Client;

beforeAll(async () => {
  t = await buildTestApp();
  visitor = client(t.app);
  ana = await t.signUp({ name: 'Ana Lopez' });
  asAna = client(t.app, ana);
  bob = await t.signUp({ name: 'Bob Stone' });
  admin = await t.signUp({ role: 'Admin', name: 'Ada Admin' });
  asAdmin = client(t.app, admin);
});
afterAll(async () => {
  await t.close();
});

async function userRow(id: string) {
  const [row] = await t.db.select().from(user).where(eq(user.id, id));
  return row;
}

const profile = (email: string) => ({
  email,
  phone: '+44 20 7946 0958',
  linkedin: 'https://www.linkedin.com/in/ana-lopez',
  education: 'BSc Mechanical Engineering',
});

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

describe('GET /api/userdetails/:email', () => {
  it('returns the own details with the role', async () => {
    const response = await asAna.get(`/userdetails/${ana.email}`);
    expect(response.statusCode).toBe(200);
    expect(UserDetailsSchema.strict().parse(response.json())).toEqual({
      _id: ana.id,
      name: 'Ana Lopez',
      email: ana.email,
      emailVerified: true,
      phone: null,
      linkedin: null,
      education: null,
      // Added with company details; the spec's fields are all there as they were.
      companyName: null,
      vatNumber: null,
      billingAddress: null,
      image: null,
      role: 'User',
    });
    expect(json<UserDetails>(await asAdmin.get(`/userdetails/${admin.email}`)).role).toBe('Admin');
  });

  it("refuses another user's details with 403, but lets an admin read them", async () => {
    expectProblem(await asAna.get(`/userdetails/${bob.email}`), 403, 'forbidden');
    const response = await asAdmin.get(`/userdetails/${bob.email}`);
    expect(response.statusCode).toBe(200);
    expect(json<UserDetails>(response)).toMatchObject({ _id: bob.id, role: 'User' });
  });

  it('answers 404 to an admin asking for an unknown email, 400 for a malformed one', async () => {
    expectProblem(await asAdmin.get('/userdetails/nobody@example.com'), 404, 'not_found');
    expectFieldError(await asAdmin.get('/userdetails/not-an-email'), 'email', 'params');
  });

  it('answers 401 to visitors', async () => {
    expectProblem(await visitor.get(`/userdetails/${ana.email}`), 401, 'unauthenticated');
  });
});

describe('PUT /api/userdetails/:email', () => {
  it('updates the own name', async () => {
    const response = await asAna.put(`/userdetails/${ana.email}`, {
      name: 'Ana L.',
      email: ana.email,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<UserDetails>(response).name).toBe('Ana L.');
    expect((await userRow(ana.id))?.name).toBe('Ana L.');
    await asAna.put(`/userdetails/${ana.email}`, { name: 'Ana Lopez', email: ana.email });
  });

  it("refuses another user's account with 403, even for admins", async () => {
    expectProblem(
      await asAna.put(`/userdetails/${bob.email}`, { name: 'Hacked', email: bob.email }),
      403,
      'forbidden',
    );
    expectProblem(
      await asAdmin.put(`/userdetails/${bob.email}`, { name: 'Hacked', email: bob.email }),
      403,
      'forbidden',
    );
    expect((await userRow(bob.id))?.name).toBe('Bob Stone');
  });

  it('refuses a body whose email is not the own one (403)', async () => {
    expectProblem(
      await asAna.put(`/userdetails/${ana.email}`, { name: 'Ana', email: bob.email }),
      403,
      'forbidden',
    );
    expect((await userRow(ana.id))?.name).toBe('Ana Lopez');
  });

  it.each([
    [{ name: '', email: 'x' }, 'name'],
    [{ email: 'x@example.com' }, 'name'],
    [{ name: 'Ana', email: 'x@example.com', role: 'Admin' }, 'role'],
  ])('refuses %j with 400, changing nothing', async (body, field) => {
    expectFieldError(await asAna.put(`/userdetails/${ana.email}`, body), field);
    expect(await userRow(ana.id)).toMatchObject({ name: 'Ana Lopez', role: 'User' });
  });
});

describe('PUT /api/updatedetails/:email', () => {
  it('updates phone, LinkedIn and education', async () => {
    const response = await asAna.put(`/updatedetails/${ana.email}`, profile(ana.email));
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      phone: '+44 20 7946 0958',
      linkedin: 'https://www.linkedin.com/in/ana-lopez',
      education: 'BSc Mechanical Engineering',
    };
    expect(json<UserDetails>(response)).toMatchObject({
      ...expected,
      name: 'Ana Lopez',
      role: 'User',
    });
    expect(await userRow(ana.id)).toMatchObject(expected);
  });

  it('changes the name, and keeps, sets and clears the company details', async () => {
    const dora = await t.signUp({ name: 'Dora Details' });
    const asDora = client(t.app, dora);
    const put = (extra: Record<string, unknown>) =>
      asDora.put(`/updatedetails/${dora.email}`, { ...profile(dora.email), ...extra });
    const company = {
      companyName: 'Details Joinery Ltd.',
      vatNumber: 'GB 123 4567 89',
      billingAddress: '4 Ledger Lane\nSpringfield',
    };
    const set = await put({ name: '  Dora   Details-Smith ', ...company });
    expect(set.statusCode, set.body).toBe(200);
    expect(json<UserDetails>(set)).toMatchObject({ name: 'Dora Details-Smith', ...company });
    expect(await userRow(dora.id)).toMatchObject({ name: 'Dora Details-Smith', ...company });
    // Left out: kept.
    expect(json<UserDetails>(await put({}))).toMatchObject(company);
    // Sent empty (or null): cleared.
    const cleared = await put({ companyName: '', vatNumber: null, billingAddress: '' });
    expect(json<UserDetails>(cleared)).toMatchObject({
      companyName: null,
      vatNumber: null,
      billingAddress: null,
    });
    for (const bad of [
      { vatNumber: 'GB-' },
      { vatNumber: '<script>' },
      { companyName: 'x' },
      { billingAddress: 'y'.repeat(501) },
      { name: '' },
    ]) {
      const field = Object.keys(bad)[0] as string;
      const response = await put(bad);
      expect(expectProblem(response, 400, 'validation_failed').errors?.[0]?.field, field).toBe(
        field,
      );
    }
  });

  it.each([
    ['phone', 'abc'],
    ['phone', '12345'],
    ['phone', ''],
    ['linkedin', 'http://www.linkedin.com/in/ana'],
    ['linkedin', 'https://evil.example/linkedin.com/in/ana'],
    ['linkedin', 'https://linkedin.com.evil.example/in/ana'],
    ['linkedin', 'javascript:alert(1)//linkedin.com/'],
    ['linkedin', 'https://www.linkedin.com/'],
    ['education', 'x'],
    ['education', 'y'.repeat(201)],
    ['education', undefined],
  ])('refuses %s = %j with 400, changing nothing', async (field, value) => {
    const before = await userRow(bob.id);
    const response = await client(t.app, bob).put(`/updatedetails/${bob.email}`, {
      ...profile(bob.email),
      [field]: value,
    });
    expectFieldError(response, field);
    expect(await userRow(bob.id)).toEqual(before);
  });

  it('refuses a body carrying role with 400; the role stays User', async () => {
    const response = await client(t.app, bob).put(`/updatedetails/${bob.email}`, {
      ...profile(bob.email),
      role: 'Admin',
    });
    expectFieldError(response, 'role');
    expect((await userRow(bob.id))?.role).toBe('User');
  });

  it("refuses another user's profile with 403, even for admins", async () => {
    const before = await userRow(bob.id);
    expectProblem(
      await asAna.put(`/updatedetails/${bob.email}`, profile(bob.email)),
      403,
      'forbidden',
    );
    expectProblem(
      await asAdmin.put(`/updatedetails/${bob.email}`, profile(bob.email)),
      403,
      'forbidden',
    );
    expect(await userRow(bob.id)).toEqual(before);
  });
});

describe('GET /api/alluser', () => {
  it('lists every user with id, name, email and role, to admins only', async () => {
    const response = await asAdmin.get('/alluser');
    expect(response.statusCode).toBe(200);
    const list = UserSummarySchema.strict().array().parse(response.json());
    expect(list).toHaveLength((await t.db.select().from(user)).length);
    expect(list).toContainEqual({ _id: ana.id, name: 'Ana Lopez', email: ana.email, role: 'User' });
    expect(list).toContainEqual(expect.objectContaining({ _id: admin.id, role: 'Admin' }));

    expectProblem(await asAna.get('/alluser'), 403, 'forbidden');
    expectProblem(await visitor.get('/alluser'), 401, 'unauthenticated');
  });
});

describe('PUT /api/alluser?email= (roles)', () => {
  it('makes a user admin and takes the role back; the session follows at once', async () => {
    const carol = await t.signUp({ name: 'Carol' });
    const asCarol = client(t.app, carol);
    expectProblem(await asCarol.get('/alluser'), 403, 'forbidden');

    const promoted = await asAdmin.put(`/alluser?email=${carol.email}`, { role: 'Admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(json(promoted)).toEqual({
      _id: carol.id,
      name: 'Carol',
      email: carol.email,
      role: 'Admin',
    });
    expect((await userRow(carol.id))?.role).toBe('Admin');
    expect((await asCarol.get('/alluser')).statusCode).toBe(200);

    const demoted = await asAdmin.put(`/alluser?email=${carol.email}`, { role: 'User' });
    expect(json(demoted)).toMatchObject({ role: 'User' });
    expect((await userRow(carol.id))?.role).toBe('User');
    expectProblem(await asCarol.get('/alluser'), 403, 'forbidden');
  });

  it('is for admins only, changing nothing otherwise', async () => {
    expectProblem(
      await asAna.put(`/alluser?email=${ana.email}`, { role: 'Admin' }),
      403,
      'forbidden',
    );
    expectProblem(
      await visitor.put(`/alluser?email=${ana.email}`, { role: 'Admin' }),
      401,
      'unauthenticated',
    );
    expect((await userRow(ana.id))?.role).toBe('User');
  });

  it('answers 404 for an unknown email and 400 for a bad role or query', async () => {
    expectProblem(
      await asAdmin.put('/alluser?email=nobody@example.com', { role: 'Admin' }),
      404,
      'not_found',
    );
    expectFieldError(await asAdmin.put(`/alluser?email=${ana.email}`, { role: 'Owner' }), 'role');
    expectFieldError(await asAdmin.put(`/alluser?email=${ana.email}`, { role: 'admin' }), 'role');
    expectFieldError(await asAdmin.put('/alluser', { role: 'Admin' }), 'email', 'query');
    expect((await userRow(ana.id))?.role).toBe('User');
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
    const { response, row } = await signUpDirectly(t, {
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
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: ana.headers,
      payload: { name: 'Ana Lopez', role: 'Admin' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await userRow(ana.id))?.role).toBe('User');
  });

  it('ADMIN_EMAILS makes that address an admin once its email is confirmed, in any letter case', async () => {
    const withAdmins = await buildTestApp({ adminEmails: ['boss@example.com'] });
    try {
      // Whoever signs up first with a listed address is not admin for it...
      const boss = await signUpDirectly(withAdmins, { email: 'Boss@Example.com' });
      expect(boss.response.statusCode, boss.response.body).toBe(200);
      expect(boss.response.json().user.role).toBe('User');
      expect(boss.row?.role).toBe('User');
      await promoteConfiguredAdmins(withAdmins.db, ['boss@example.com'], pino({ level: 'silent' }));
      const roleOf = async (id: string) =>
        (await withAdmins.db.select().from(user).where(eq(user.id, id)))[0]?.role;
      expect(await roleOf(boss.row?.id ?? '')).toBe('User');
      // ...until the owner of the address confirms it.
      await withAdmins.app.mailer.drain();
      const mail = withAdmins.sentMail.find((m) => m.to === 'boss@example.com');
      const link = new URL(/https?:\/\/\S+verify-email\S+/.exec(mail?.text ?? '')?.[0] ?? '');
      const confirmed = await withAdmins.app.inject({ url: `${link.pathname}${link.search}` });
      expect(confirmed.statusCode).toBe(302);
      expect(await roleOf(boss.row?.id ?? '')).toBe('Admin');

      const other = await signUpDirectly(withAdmins, { email: 'worker@example.com' });
      expect(other.response.statusCode).toBe(200);
      expect(other.row?.role).toBe('User');
    } finally {
      await withAdmins.close();
    }
  });
});
