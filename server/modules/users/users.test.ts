import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserDetails, UserDetailsSchema } from '../../../contract/users.ts';
import { client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildShopTestApp, type ShopTestApp } from '../../testing/shop-test-app.ts';

/** A person's own details and profile: who may read them, who may change them, and what is kept. */

let shop: ShopTestApp;
beforeAll(async () => {
  shop = await buildShopTestApp({ ana: 'Ana Lopez', bob: 'Bob Stone' });
});
afterAll(() => shop.close());

const profile = (email: string) => ({
  email,
  phone: '+44 20 7946 0958',
  linkedin: 'https://www.linkedin.com/in/ana-lopez',
  education: 'BSc Mechanical Engineering',
});

describe('GET /api/userdetails/:email', () => {
  it('returns the own details with the role', async () => {
    const response = await shop.asAna.get(`/userdetails/${shop.ana.email}`);
    expect(response.statusCode).toBe(200);
    expect(UserDetailsSchema.strict().parse(response.json())).toEqual({
      _id: shop.ana.id,
      name: 'Ana Lopez',
      email: shop.ana.email,
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
    expect(json<UserDetails>(await shop.asAdmin.get(`/userdetails/${shop.admin.email}`)).role).toBe(
      'Admin',
    );
  });

  it("refuses another user's details with 403, but lets an admin read them", async () => {
    expectProblem(await shop.asAna.get(`/userdetails/${shop.bob.email}`), 403, 'forbidden');
    const response = await shop.asAdmin.get(`/userdetails/${shop.bob.email}`);
    expect(response.statusCode).toBe(200);
    expect(json<UserDetails>(response)).toMatchObject({ _id: shop.bob.id, role: 'User' });
  });

  it('answers 404 to an admin asking for an unknown email, 400 for a malformed one', async () => {
    expectProblem(await shop.asAdmin.get('/userdetails/nobody@example.com'), 404, 'not_found');
    expectFieldError(await shop.asAdmin.get('/userdetails/not-an-email'), 'email', 'params');
  });

  it('answers 401 to visitors', async () => {
    expectProblem(await shop.visitor.get(`/userdetails/${shop.ana.email}`), 401, 'unauthenticated');
  });
});

describe('PUT /api/userdetails/:email', () => {
  it('updates the own name', async () => {
    const response = await shop.asAna.put(`/userdetails/${shop.ana.email}`, {
      name: 'Ana L.',
      email: shop.ana.email,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<UserDetails>(response).name).toBe('Ana L.');
    expect((await shop.userRow(shop.ana.id))?.name).toBe('Ana L.');
    await shop.asAna.put(`/userdetails/${shop.ana.email}`, {
      name: 'Ana Lopez',
      email: shop.ana.email,
    });
  });

  it("refuses another user's account with 403, even for admins", async () => {
    expectProblem(
      await shop.asAna.put(`/userdetails/${shop.bob.email}`, {
        name: 'Hacked',
        email: shop.bob.email,
      }),
      403,
      'forbidden',
    );
    expectProblem(
      await shop.asAdmin.put(`/userdetails/${shop.bob.email}`, {
        name: 'Hacked',
        email: shop.bob.email,
      }),
      403,
      'forbidden',
    );
    expect((await shop.userRow(shop.bob.id))?.name).toBe('Bob Stone');
  });

  it('refuses a body whose email is not the own one (403)', async () => {
    expectProblem(
      await shop.asAna.put(`/userdetails/${shop.ana.email}`, {
        name: 'Ana',
        email: shop.bob.email,
      }),
      403,
      'forbidden',
    );
    expect((await shop.userRow(shop.ana.id))?.name).toBe('Ana Lopez');
  });

  it.each([
    [{ name: '', email: 'x' }, 'name'],
    [{ email: 'x@example.com' }, 'name'],
    [{ name: 'Ana', email: 'x@example.com', role: 'Admin' }, 'role'],
  ])('refuses %j with 400, changing nothing', async (body, field) => {
    expectFieldError(await shop.asAna.put(`/userdetails/${shop.ana.email}`, body), field);
    expect(await shop.userRow(shop.ana.id)).toMatchObject({ name: 'Ana Lopez', role: 'User' });
  });
});

describe('PUT /api/updatedetails/:email', () => {
  it('updates phone, LinkedIn and education', async () => {
    const response = await shop.asAna.put(
      `/updatedetails/${shop.ana.email}`,
      profile(shop.ana.email),
    );
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
    expect(await shop.userRow(shop.ana.id)).toMatchObject(expected);
  });

  it('changes the name, and keeps, sets and clears the company details', async () => {
    const dora = await shop.t.signUp({ name: 'Dora Details' });
    const asDora = client(shop.t.app, dora);
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
    expect(await shop.userRow(dora.id)).toMatchObject({ name: 'Dora Details-Smith', ...company });
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
    const before = await shop.userRow(shop.bob.id);
    const response = await client(shop.t.app, shop.bob).put(`/updatedetails/${shop.bob.email}`, {
      ...profile(shop.bob.email),
      [field]: value,
    });
    expectFieldError(response, field);
    expect(await shop.userRow(shop.bob.id)).toEqual(before);
  });

  it('refuses a body carrying role with 400; the role stays User', async () => {
    const response = await client(shop.t.app, shop.bob).put(`/updatedetails/${shop.bob.email}`, {
      ...profile(shop.bob.email),
      role: 'Admin',
    });
    expectFieldError(response, 'role');
    expect((await shop.userRow(shop.bob.id))?.role).toBe('User');
  });

  it("refuses another user's profile with 403, even for admins", async () => {
    const before = await shop.userRow(shop.bob.id);
    expectProblem(
      await shop.asAna.put(`/updatedetails/${shop.bob.email}`, profile(shop.bob.email)),
      403,
      'forbidden',
    );
    expectProblem(
      await shop.asAdmin.put(`/updatedetails/${shop.bob.email}`, profile(shop.bob.email)),
      403,
      'forbidden',
    );
    expect(await shop.userRow(shop.bob.id)).toEqual(before);
  });
});

describe('PUT /api/updatedetails/:email/company', () => {
  it('saves the company details without LinkedIn or education, and clears what is sent empty', async () => {
    const fresh = await shop.t.signUp({ name: 'Cora Company' });
    const asFresh = client(shop.t.app, fresh);
    const url = `/updatedetails/${fresh.email}/company`;
    const saved = await asFresh.put(url, {
      email: fresh.email,
      companyName: 'Cora Works',
      vatNumber: 'GB987654321',
      billingAddress: '2 Forge Lane\nSheffield S1 2AB',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      companyName: 'Cora Works',
      vatNumber: 'GB987654321',
      linkedin: null,
      education: null,
    });
    const cleared = await asFresh.put(url, { email: fresh.email, vatNumber: '' });
    expect(cleared.json()).toMatchObject({ companyName: 'Cora Works', vatNumber: null });
    expectFieldError(await asFresh.put(url, { email: fresh.email, vatNumber: 'x' }), 'vatNumber');
    expectProblem(
      await shop.asAna.put(url, { email: fresh.email, companyName: 'Taken Over Ltd' }),
      403,
      'forbidden',
    );
  });
});
