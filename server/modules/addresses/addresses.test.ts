import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Address,
  AddressBookSchema,
  type AddressFields,
  AddressSchema,
  MAX_BOOK_ADDRESSES,
} from '../../../contract/addresses.ts';
import { addresses, companyMembers } from '../../db/schema.ts';
import { addCompany } from '../../testing/company-rows.ts';
import { client, expectFieldError, expectProblem } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/** The address book: GET/POST /api/addresses, PUT/DELETE /api/addresses/:id, POST …/default. */

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const yard = {
  label: 'Main yard',
  recipient: 'Sam Site',
  line1: '1 Harbour Road',
  postcode: 'AB1 2CD',
  city: 'Portsmouth',
  country: 'gb',
  phone: '+44 20 7946 0000',
};

const bookOf = async (who: TestUser) =>
  AddressBookSchema.parse((await client(t.app, who).get('/addresses')).json());

async function add(who: TestUser, fields: Partial<AddressFields> & { isDefault?: boolean } = {}) {
  const response = await client(t.app, who).post('/addresses', { ...yard, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return AddressSchema.parse(response.json());
}

describe('a person without a company', () => {
  it('keeps their own book: the first address is the default, another can become it', async () => {
    const loner = await t.signUp();
    expect(await bookOf(loner)).toMatchObject({
      owner: 'personal',
      companyName: null,
      canChange: true,
      addresses: [],
      max: MAX_BOOK_ADDRESSES,
    });
    const first = await add(loner);
    expect(first).toMatchObject({ country: 'GB', line2: null, isDefault: true });
    const second = await add(loner, { label: 'Site 14', line2: '' });
    expect(second.isDefault).toBe(false);
    const third = await add(loner, { label: 'Annex', isDefault: true });
    expect((await bookOf(loner)).addresses.map((a) => [a.label, a.isDefault])).toEqual([
      ['Annex', true],
      ['Main yard', false],
      ['Site 14', false],
    ]);

    const made = await client(t.app, loner).post(`/addresses/${second._id}/default`);
    expect(made.statusCode, made.body).toBe(200);
    expect(AddressSchema.parse(made.json()).isDefault).toBe(true);
    expect((await bookOf(loner)).addresses.filter((a) => a.isDefault).map((a) => a._id)).toEqual([
      second._id,
    ]);

    const edited = await client(t.app, loner).put(`/addresses/${third._id}`, {
      ...yard,
      label: 'Annex B',
      line2: 'Gate 3',
    });
    expect(AddressSchema.parse(edited.json())).toMatchObject({ label: 'Annex B', line2: 'Gate 3' });

    // Deleting the default hands it to the oldest address left.
    const removed = await client(t.app, loner).delete(`/addresses/${second._id}`);
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect((await bookOf(loner)).addresses.map((a) => [a._id, a.isDefault])).toEqual([
      [first._id, true],
      [third._id, false],
    ]);
  });

  it('refuses a country that is not one, and text that is not plain', async () => {
    const loner = await t.signUp();
    expectFieldError(
      await client(t.app, loner).post('/addresses', { ...yard, country: 'XX' }),
      'country',
    );
    expectFieldError(
      await client(t.app, loner).post('/addresses', { ...yard, recipient: 'A\u202eB' }),
      'recipient',
    );
    expectFieldError(
      await client(t.app, loner).post('/addresses', { ...yard, label: 'x'.repeat(61) }),
      'label',
    );
    expectFieldError(
      await client(t.app, loner).post('/addresses', { ...yard, phone: '12' }),
      'phone',
    );
  });

  it('refuses a book past its cap, with a sentence', async () => {
    const loner = await t.signUp();
    await t.db.insert(addresses).values(
      Array.from({ length: MAX_BOOK_ADDRESSES }, (_, i) => ({
        ...yard,
        country: 'GB',
        label: `Site ${i}`,
        userId: loner.id,
        isDefault: i === 0,
      })),
    );
    const refused = expectProblem(
      await client(t.app, loner).post('/addresses', yard),
      409,
      'address_book_full',
    );
    expect(refused.detail).toContain(`${MAX_BOOK_ADDRESSES} addresses`);
    expect((await bookOf(loner)).addresses).toHaveLength(MAX_BOOK_ADDRESSES);
  });

  it('holds one default when additions race', async () => {
    const loner = await t.signUp();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => add(loner, { label: `Race ${i}`, isDefault: true })),
    );
    expect(results).toHaveLength(6);
    const book = await bookOf(loner);
    expect(book.addresses.filter((a) => a.isDefault)).toHaveLength(1);
  });
});

describe("a company's book", () => {
  async function crew() {
    const [owner, buyer, approver, viewer] = await Promise.all(
      ['owner', 'buyer', 'approver', 'viewer'].map((role) => t.signUp({ name: `Crew ${role}` })),
    );
    if (!owner || !buyer || !approver || !viewer) throw new Error('no crew');
    const company = await addCompany(t.db, 'Harbour Builders', [
      { id: owner.id, role: 'owner' },
      { id: buyer.id, role: 'buyer' },
      { id: approver.id, role: 'approver' },
      { id: viewer.id, role: 'viewer' },
    ]);
    return { company, owner, buyer, approver, viewer };
  }

  it('is shared by the members; owners and buyers change it, approvers and viewers read it', async () => {
    const { owner, buyer, approver, viewer } = await crew();
    const added = await add(buyer);
    const edited = await client(t.app, owner).put(`/addresses/${added._id}`, {
      ...yard,
      label: 'Yard',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const reader of [approver, viewer]) {
      const book = await bookOf(reader);
      expect(book).toMatchObject({
        owner: 'company',
        companyName: 'Harbour Builders',
        canChange: false,
      });
      expect(book.addresses.map((a: Address) => a.label)).toEqual(['Yard']);
      const refused = expectProblem(
        await client(t.app, reader).post('/addresses', yard),
        403,
        'forbidden',
      );
      expect(refused.detail).toBe(
        'Only the owner and the buyers of Harbour Builders can change its address book.',
      );
      expectProblem(
        await client(t.app, reader).delete(`/addresses/${added._id}`),
        403,
        'forbidden',
      );
      expectProblem(
        await client(t.app, reader).post(`/addresses/${added._id}/default`),
        403,
        'forbidden',
      );
    }
    expect((await bookOf(owner)).canChange).toBe(true);
  });

  it('never lets another company or person read or change its addresses: 404, as if none', async () => {
    const { buyer } = await crew();
    const ours = await add(buyer);
    const other = await crew();
    const loner = await t.signUp();
    for (const stranger of [other.owner, loner]) {
      expect((await bookOf(stranger)).addresses.map((a) => a._id)).not.toContain(ours._id);
      expectProblem(
        await client(t.app, stranger).put(`/addresses/${ours._id}`, yard),
        404,
        'not_found',
      );
      expectProblem(
        await client(t.app, stranger).delete(`/addresses/${ours._id}`),
        404,
        'not_found',
      );
      expectProblem(
        await client(t.app, stranger).post(`/addresses/${ours._id}/default`),
        404,
        'not_found',
      );
    }
    expect((await bookOf(buyer)).addresses.map((a) => a.label)).toEqual(['Main yard']);
  });

  it("leaving the company leaves its book at once: the person's own book shows", async () => {
    const { company, buyer } = await crew();
    await add(buyer, { label: 'Company yard' });
    await t.db.delete(companyMembers).where(eq(companyMembers.userId, buyer.id));
    const own = await bookOf(buyer);
    expect(own).toMatchObject({ owner: 'personal', addresses: [] });
    expect(company.name).toBe('Harbour Builders');
  });

  it('needs a session', async () => {
    expectProblem(await client(t.app).get('/addresses'), 401, 'unauthenticated');
    expectProblem(await client(t.app).post('/addresses', yard), 401, 'unauthenticated');
  });
});
