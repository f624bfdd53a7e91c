import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, AuditEntrySchema } from '../../../contract/audit.ts';
import type { UserSummary } from '../../../contract/users.ts';
import { auditLog, user } from '../../db/schema.ts';
import { client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/**
 * The admin's people: GET /api/alluser pages, finds any part of a name or email and keeps one
 * role; every role change is written to the audit log in its own transaction.
 */

let t: TestContext;
let admin: TestUser;
let people: TestUser[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Ana Ruiz', email: 'ana.ruiz@store.example' });
  people = [];
  for (const [name, email] of [
    ['Bob Stone', 'bob@example.com'],
    ['Carla Stonehouse', 'carla@quarry.example'],
    ['Dan 100% Pure', 'dan_pure@example.com'],
    ['Eve Admin', 'eve@store.example'],
  ] as const) {
    people.push(await t.signUp({ name, email, role: name === 'Eve Admin' ? 'Admin' : 'User' }));
  }
});
afterAll(async () => {
  await t.close();
});

const emails = (response: { json: () => unknown }) =>
  (response.json() as UserSummary[]).map((person) => person.email);

describe('GET /api/alluser', () => {
  it('without a page, answers everyone oldest account first, as before, with the total', async () => {
    const response = await client(t.app, admin).get('/alluser');
    expect(response.statusCode).toBe(200);
    expect(emails(response)).toEqual([admin.email, ...people.map((person) => person.email)]);
    expect(response.headers['x-total-count']).toBe('5');
  });

  it('pages, finds any part of a name or email in any case, and keeps one role', async () => {
    const asAdmin = client(t.app, admin);
    const page = await asAdmin.get('/alluser?limit=2&offset=2');
    expect(emails(page)).toEqual(['carla@quarry.example', 'dan_pure@example.com']);
    expect(page.headers['x-total-count']).toBe('5');

    const stone = await asAdmin.get('/alluser?q=STONE');
    expect(emails(stone)).toEqual(['bob@example.com', 'carla@quarry.example']);
    expect(stone.headers['x-total-count']).toBe('2');
    expect(emails(await asAdmin.get('/alluser?q=quarry.ex'))).toEqual(['carla@quarry.example']);
    expect(emails(await asAdmin.get('/alluser?q=@store.example'))).toEqual([
      admin.email,
      'eve@store.example',
    ]);
    // % and _ are letters here, not wildcards.
    expect(emails(await asAdmin.get('/alluser?q=100%25'))).toEqual(['dan_pure@example.com']);
    expect(emails(await asAdmin.get('/alluser?q=n_p'))).toEqual(['dan_pure@example.com']);
    expect(emails(await asAdmin.get('/alluser?q=%25%25'))).toEqual([]);

    const admins = await asAdmin.get('/alluser?role=Admin');
    expect(emails(admins)).toEqual([admin.email, 'eve@store.example']);
    expect(admins.headers['x-total-count']).toBe('2');
    expect(emails(await asAdmin.get('/alluser?role=User&q=example.com&limit=1'))).toEqual([
      'bob@example.com',
    ]);
    const past = await asAdmin.get('/alluser?q=stone&offset=10&limit=5');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('2');
  });

  it('finds exactly one email, in any case, never one that only contains it', async () => {
    const asAdmin = client(t.app, admin);
    // ve@store.example is part of eve@store.example, and no one's email.
    expect(emails(await asAdmin.get('/alluser?email=ve@store.example'))).toEqual([]);
    const eve = await asAdmin.get('/alluser?email=EVE@Store.Example');
    expect(emails(eve)).toEqual(['eve@store.example']);
    expect(eve.headers['x-total-count']).toBe('1');
    expectFieldError(await asAdmin.get('/alluser?email=eve'), 'email', 'query');
  });

  it('refuses a bad page, role or search with the field, and is for admins only', async () => {
    const asAdmin = client(t.app, admin);
    expectFieldError(await asAdmin.get('/alluser?limit=0'), 'limit', 'query');
    expectFieldError(await asAdmin.get('/alluser?limit=101'), 'limit', 'query');
    expectFieldError(await asAdmin.get('/alluser?offset=-1'), 'offset', 'query');
    expectFieldError(await asAdmin.get('/alluser?role=admin'), 'role', 'query');
    expectFieldError(await asAdmin.get(`/alluser?q=${'x'.repeat(101)}`), 'q', 'query');
    expectFieldError(await asAdmin.get('/alluser?q=a%00b'), 'q', 'query');
    expectFieldError(await asAdmin.get('/alluser?page=2'), 'page', 'query');
    const bob = people[0] as TestUser;
    expectProblem(await client(t.app, bob).get('/alluser?q=ana'), 403, 'forbidden');
    expectProblem(await client(t.app).get('/alluser?q=ana'), 401, 'unauthenticated');
  });
});

async function roleEntries(targetId: string): Promise<AuditEntry[]> {
  const response = await client(t.app, admin).get(
    `/audit?action=user.role_changed&targetType=user&targetId=${targetId}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return AuditEntrySchema.array().parse(response.json());
}

describe('role changes in the audit log', () => {
  it('records who changed whose role, from what to what, with the change', async () => {
    const bob = people[0] as TestUser;
    const asAdmin = client(t.app, admin);
    expect((await asAdmin.put(`/alluser?email=${bob.email}`, { role: 'Admin' })).statusCode).toBe(
      200,
    );
    expect((await asAdmin.put(`/alluser?email=${bob.email}`, { role: 'User' })).statusCode).toBe(
      200,
    );
    const entries = await roleEntries(bob.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      actor: { id: admin.id, name: 'Ana Ruiz', email: admin.email },
      action: 'user.role_changed',
      target: { type: 'user', id: bob.id, label: 'bob@example.com' },
      details: { from: 'Admin', to: 'User', name: 'Bob Stone' },
    });
    expect(entries[1]?.details).toMatchObject({ from: 'User', to: 'Admin' });
    // Asking for the role a person already has changes nothing and records nothing.
    expect(
      json<UserSummary>(await asAdmin.put(`/alluser?email=${bob.email}`, { role: 'User' })).role,
    ).toBe('User');
    expect(await roleEntries(bob.id)).toHaveLength(2);
  });

  it('records nothing when the change is refused: unknown person, last admin, not an admin', async () => {
    const solo = await buildTestApp();
    try {
      const only = await solo.signUp({ role: 'Admin' });
      const customer = await solo.signUp();
      expectProblem(
        await client(solo.app, only).put(`/alluser?email=${only.email}`, { role: 'User' }),
        409,
        'last_admin',
      );
      expectProblem(
        await client(solo.app, only).put('/alluser?email=nobody@example.com', { role: 'Admin' }),
        404,
        'not_found',
      );
      expectProblem(
        await client(solo.app, customer).put(`/alluser?email=${customer.email}`, {
          role: 'Admin',
        }),
        403,
        'forbidden',
      );
      expect(await solo.db.select().from(auditLog)).toEqual([]);
      const [row] = await solo.db.select().from(user).where(eq(user.id, only.id));
      expect(row?.role).toBe('Admin');
    } finally {
      await solo.close();
    }
  });

  it('an admin demoting herself is recorded, and loses the admin routes at once', async () => {
    const eve = people[3] as TestUser;
    const asEve = client(t.app, eve);
    const response = await asEve.put(`/alluser?email=${eve.email}`, { role: 'User' });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await roleEntries(eve.id);
    expect(entry).toMatchObject({
      actor: { id: eve.id, email: eve.email },
      target: { id: eve.id },
      details: { from: 'Admin', to: 'User' },
    });
    expectProblem(await asEve.get('/alluser'), 403, 'forbidden');
    expectProblem(await asEve.get('/audit'), 403, 'forbidden');
  });
});
