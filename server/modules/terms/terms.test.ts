import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentTerms } from '../../../contract/payment-terms.ts';
import { auditLog, paymentTerms } from '../../db/schema.ts';
import { addCompany } from '../../testing/companies.ts';
import { client, expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/** Admins give, change and take away payment terms (PUT/DELETE/GET /api/payment-terms). */

let t: TestContext;
let admin: TestUser;
let owner: TestUser;
let loner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Ada Admin' });
  owner = await t.signUp({ name: 'Olga Owner' });
  loner = await t.signUp({ name: 'Len Loner' });
});
afterAll(async () => {
  await t.close();
});

const put = (user: TestUser | undefined, body: unknown) =>
  client(t.app, user).put('/payment-terms', body);

describe('payment terms', () => {
  it('gives a company net 30 with a limit, replaces them, audits each change', async () => {
    const company = await addCompany(t, owner, [], { name: 'Acme Builders' });
    const given = await put(admin, { companyId: company.id, netDays: 30, creditLimit: 500_000 });
    expect(given.statusCode, given.body).toBe(200);
    const terms = json<PaymentTerms>(given);
    expect(terms).toMatchObject({
      buyer: { type: 'company', id: company.id, name: 'Acme Builders', email: null },
      netDays: 30,
      creditLimit: 500_000,
      owed: 0,
    });
    const changed = json<PaymentTerms>(
      await put(admin, { companyId: company.id, netDays: 60, creditLimit: 100 }),
    );
    expect(changed._id).toBe(terms._id);
    expect(changed).toMatchObject({ netDays: 60, creditLimit: 100 });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment_terms.set'), eq(auditLog.targetId, company.id)));
    expect(audit.map((entry) => entry.details)).toEqual([
      { netDays: 30, creditLimit: 500_000 },
      { netDays: 60, creditLimit: 100 },
    ]);
    const listed = json<PaymentTerms[]>(await client(t.app, admin).get('/payment-terms'));
    expect(listed.map((entry) => entry._id)).toContain(terms._id);

    const cleared = await client(t.app, admin).delete(`/payment-terms/${terms._id}`);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await t.db.select().from(paymentTerms).where(eq(paymentTerms.id, terms._id))).toEqual(
      [],
    );
    const [gone] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment_terms.cleared'), eq(auditLog.targetId, company.id)));
    expect(gone?.targetLabel).toBe('Acme Builders');
    expectProblem(
      await client(t.app, admin).delete(`/payment-terms/${terms._id}`),
      404,
      'not_found',
    );
  });

  it('gives a customer without a company terms, never a member of one', async () => {
    const own = json<PaymentTerms>(
      await put(admin, { userId: loner.id, netDays: 15, creditLimit: 20_000 }),
    );
    expect(own.buyer).toMatchObject({ type: 'customer', id: loner.id, email: loner.email });
    expectProblem(
      await put(admin, { userId: owner.id, netDays: 15, creditLimit: 20_000 }),
      409,
      'in_company',
    );
    expectProblem(
      await put(admin, { userId: 'nobody', netDays: 15, creditLimit: 1 }),
      404,
      'not_found',
    );
  });

  it('refuses terms other than net 15, 30 or 60, and a body naming both or neither', async () => {
    const company = await addCompany(t, await t.signUp({ name: 'Other Owner' }));
    for (const body of [
      { companyId: company.id, netDays: 45, creditLimit: 1 },
      { companyId: company.id, netDays: 30, creditLimit: -1 },
      { companyId: company.id, userId: loner.id, netDays: 30, creditLimit: 1 },
      { netDays: 30, creditLimit: 1 },
    ]) {
      expectProblem(await put(admin, body), 400, 'validation_failed');
    }
  });

  it('is for admins only', async () => {
    expectProblem(await client(t.app, owner).get('/payment-terms'), 403, 'forbidden');
    expectProblem(
      await put(owner, { userId: owner.id, netDays: 30, creditLimit: 1 }),
      403,
      'forbidden',
    );
    expectProblem(
      await put(undefined, { userId: owner.id, netDays: 30, creditLimit: 1 }),
      401,
      'unauthenticated',
    );
  });
});
