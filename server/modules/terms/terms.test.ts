import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import type { PaymentTerms } from '../../../contract/payment-terms.ts';
import { auditLog, paymentTerms } from '../../db/schema.ts';
import { addCompany } from '../../testing/companies.ts';
import { client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
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
    const listed = json<PaymentTerms[]>(await client(t.app, admin).get('/payment-terms?limit=100'));
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

  it('refuses a credit limit above what the store can hold, naming the field, and writes nothing', async () => {
    const company = await addCompany(t, await t.signUp({ name: 'Big Spender' }));
    for (const creditLimit of [2 ** 31, 5_000_000_000, 100_000_000_00]) {
      const refused = await put(admin, { companyId: company.id, netDays: 30, creditLimit });
      expectFieldError(refused, 'creditLimit');
    }
    expect(
      await t.db.select().from(paymentTerms).where(eq(paymentTerms.companyId, company.id)),
    ).toEqual([]);
    const most = await put(admin, {
      companyId: company.id,
      netDays: 30,
      creditLimit: 1_000_000_000,
    });
    expect(most.statusCode, most.body).toBe(200);
  });

  it('lists the buyers with terms a page at a time, by name, with how many there are', async () => {
    const names = ['Zeta Page One', 'Zeta Page Two', 'Zeta Page Three'];
    for (const name of names) {
      const buyer = await t.signUp({ name });
      expect(
        (await put(admin, { userId: buyer.id, netDays: 15, creditLimit: 1_000 })).statusCode,
      ).toBe(200);
    }
    const all = await client(t.app, admin).get('/payment-terms?limit=100');
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(json<PaymentTerms[]>(all).length);
    const page = await client(t.app, admin).get(`/payment-terms?limit=2&offset=${total - 3}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['x-total-count']).toBe(String(total));
    // The last three by name are the Zetas: one/three/two in alphabetical order.
    expect(json<PaymentTerms[]>(page).map((terms) => terms.buyer.name)).toEqual([
      'Zeta Page One',
      'Zeta Page Three',
    ]);
    expectProblem(
      await client(t.app, admin).get('/payment-terms?limit=500'),
      400,
      'validation_failed',
    );
    // A page asked for in odd numbers is told what is wrong with each, once, in words.
    const odd = expectProblem(
      await client(t.app, admin).get('/payment-terms?limit=1.5&offset=1e308'),
      400,
      'validation_failed',
    );
    expect(odd.errors).toEqual([
      { field: 'limit', in: 'query', message: 'Must be a whole number.' },
      { field: 'offset', in: 'query', message: 'Must be at most 1000000.' },
    ]);
    const huge = expectProblem(
      await client(t.app, admin).get('/payment-terms?limit=1e308'),
      400,
      'validation_failed',
    );
    expect(huge.errors).toEqual([{ field: 'limit', in: 'query', message: 'Must be at most 100.' }]);
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

describe('payments received on account', () => {
  it('adds partial payments, settles at the total, refuses more than is left, audits each', async () => {
    const buyer = await t.signUp({ name: 'Paula Payer' });
    await put(admin, { userId: buyer.id, netDays: 30, creditLimit: 100_000 });
    const tool = await t.addTool({ price: 10_000, quantity: 100, minimumOrder: 1 });
    const placed = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 2 }],
      phone: '+1 555 010 2030',
      address: '1 Ledger Lane, Springfield',
      paymentMethod: 'account',
    });
    const { _id: id } = json<{ _id: string }>(placed);
    const { invoice } = json<Order>(placed);
    const today = new Date().toISOString().slice(0, 10);
    const pay = (amount: number, reference: string) =>
      client(t.app, admin).post(`/orders/${id}/payments`, {
        amount,
        receivedOn: today,
        reference,
      });
    // A day no bank could have written is refused as the field's error, and records nothing.
    // So is a day still to come everywhere (two days on: tomorrow in UTC is today east of it):
    // money is recorded once it has arrived.
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const early = expectProblem(
      await client(t.app, admin).post(`/orders/${id}/payments`, {
        amount: 5_000,
        receivedOn: later,
        reference: 'BANK-0',
      }),
      400,
      'validation_failed',
    );
    expect(early.errors).toEqual([
      {
        field: 'receivedOn',
        in: 'body',
        message: 'Must be today or earlier: record a payment once it has arrived.',
      },
    ]);
    // And so is a day before the invoice was issued (anywhere): the statements would list the
    // money before the invoice, and what was owed before it as less than nothing.
    const issued = new Date(invoice?.issuedAt ?? '');
    const dayBefore = new Date(issued.getTime() - 36 * 3_600_000).toISOString().slice(0, 10);
    for (const receivedOn of ['1970-01-01', dayBefore]) {
      const before = expectProblem(
        await client(t.app, admin).post(`/orders/${id}/payments`, {
          amount: 5_000,
          receivedOn,
          reference: 'BANK-0',
        }),
        400,
        'validation_failed',
      );
      const first = new Date(issued.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
      expect(before.errors).toEqual([
        {
          field: 'receivedOn',
          in: 'body',
          message: `Must be ${first} or later: the invoice was issued that day, and a payment for it arrives after.`,
        },
      ]);
    }
    for (const receivedOn of ['0000-01-01', '0099-12-31']) {
      const odd = await client(t.app, admin).post(`/orders/${id}/payments`, {
        amount: 5_000,
        receivedOn,
        reference: 'BANK-0',
      });
      expect(expectProblem(odd, 400, 'validation_failed').errors?.[0]?.field).toBe('receivedOn');
    }
    const first = await pay(5_000, 'BANK-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(json(first)).toMatchObject({
      total: 20_000,
      paid: 5_000,
      left: 15_000,
      settledAt: null,
    });
    const owedNow = json<PaymentTerms[]>(
      await client(t.app, admin).get('/payment-terms?limit=100'),
    ).find((terms) => terms.buyer.id === buyer.id);
    expect(owedNow?.owed).toBe(15_000);
    const tooMuch = expectProblem(await pay(15_001, 'BANK-X'), 409, 'payment_exceeds_balance');
    expect(tooMuch.detail).toContain('$150.00 is left to pay');
    const last = json<{ left: number; settledAt: string | null }>(await pay(15_000, 'BANK-2'));
    expect(last.left).toBe(0);
    expect(last.settledAt).not.toBeNull();
    const settled = json<PaymentTerms[]>(
      await client(t.app, admin).get('/payment-terms?limit=100'),
    ).find((terms) => terms.buyer.id === buyer.id);
    expect(settled?.owed).toBe(0);
    expectProblem(await pay(1, 'BANK-3'), 409, 'payment_exceeds_balance');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.payment_recorded'), eq(auditLog.targetId, id)));
    expect(audit.map((entry) => entry.details)).toEqual([
      { amount: 5_000, receivedOn: today, reference: 'BANK-1' },
      { amount: 15_000, receivedOn: today, reference: 'BANK-2' },
    ]);
    expectProblem(
      await client(t.app, buyer).post(`/orders/${id}/payments`, {
        amount: 1,
        receivedOn: today,
        reference: 'MINE',
      }),
      403,
      'forbidden',
    );
  });
});
