import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { companyMembers, paymentTerms } from '../../db/schema.ts';
import { addCompany } from '../../testing/companies.ts';
import { client, expectProblem, json } from '../../testing/http.ts';
import { asSessionUser } from '../../testing/session-user.ts';
import { addTerms } from '../../testing/terms-fixtures.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

/**
 * Orders on account (decision 056): confirmed at once with an invoice due in the buyer's net
 * days, refused past the credit limit with what is left, and racing orders never pass it together
 * (they queue on the company's or the customer's row).
 */

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('an order on account', () => {
  it('is confirmed and invoiced at once within the limit, refused past it, card as before', async () => {
    const owner = await t.signUp({ name: 'Oona Owner' });
    const company = await addCompany(t, owner);
    await t.db
      .insert(paymentTerms)
      .values({ companyId: company.id, netDays: 30, creditLimit: 50_000 });
    const tool = await t.addTool({ price: 10_000, quantity: 100, minimumOrder: 1 });
    const order = (quantity: number, paymentMethod?: 'account' | 'card') =>
      client(t.app, owner).post('/orders', {
        lines: [{ toolId: tool.id, quantity }],
        ...delivery,
        ...(paymentMethod ? { paymentMethod } : {}),
      });

    const placed = await order(3, 'account');
    expect(placed.statusCode, placed.body).toBe(201);
    const onAccount = json<Order>(placed);
    expect(onAccount).toMatchObject({ status: 'on_account', paymentMethod: 'account' });
    expect(onAccount.invoice?.number).toMatch(/^INV-/);
    const issued = Date.parse(onAccount.invoice?.issuedAt ?? '');
    expect(Date.parse(onAccount.invoice?.dueAt ?? '') - issued).toBeCloseTo(30 * 86_400_000, -4);

    const refused = expectProblem(await order(3, 'account'), 409, 'credit_limit_exceeded');
    expect(refused.detail).toBe(
      'This order comes to $300.00, but only $200.00 of your $500.00 credit limit is left. Nothing was ordered: pay it by card, make it smaller, or settle an open invoice first.',
    );
    expect(json<Order>(await order(2, 'account')).status).toBe('on_account');
    expect(json<Order>(await order(3)).status).toBe('unpaid');
  });

  it('is refused without payment terms', async () => {
    const buyer = await t.signUp({ name: 'Nell Noterms' });
    const tool = await t.addTool({ price: 100, quantity: 100, minimumOrder: 1 });
    expectProblem(
      await client(t.app, buyer).post('/orders', {
        lines: [{ toolId: tool.id, quantity: 1 }],
        ...delivery,
        paymentMethod: 'account',
      }),
      409,
      'no_payment_terms',
    );
  });
});

describe('an order on account awaiting approval', () => {
  it('counts against the limit once while it waits, and is invoiced when approved', async () => {
    const owner = await t.signUp({ name: 'Abe Approver' });
    const buyer = await t.signUp({ name: 'Bo Buyer' });
    const company = await addCompany(t, owner, [{ user: buyer, role: 'buyer', orderLimit: 0 }]);
    await t.db
      .insert(paymentTerms)
      .values({ companyId: company.id, netDays: 60, creditLimit: 5_000 });
    const tool = await t.addTool({ price: 1_000, quantity: 100, minimumOrder: 1 });
    const order = (quantity: number) =>
      client(t.app, buyer).post('/orders', {
        lines: [{ toolId: tool.id, quantity }],
        ...delivery,
        paymentMethod: 'account',
      });
    const waiting = json<Order>(await order(3));
    expect(waiting).toMatchObject({ status: 'awaiting_approval', invoice: null });
    // 3,000 of 5,000 held by the waiting order: 3,000 more would pass the limit.
    expectProblem(await order(3), 409, 'credit_limit_exceeded');

    const approved = await client(t.app, owner).post(`/orders/${waiting._id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const confirmed = json<Order>(await client(t.app, buyer).get(`/orders/${waiting._id}`));
    expect(confirmed.status).toBe('on_account');
    expect(confirmed.invoice?.number).toMatch(/^INV-/);
    const days =
      (Date.parse(confirmed.invoice?.dueAt ?? '') - Date.parse(confirmed.invoice?.issuedAt ?? '')) /
      86_400_000;
    expect(days).toBeCloseTo(60, 1);
    // Approved once: a second approval or a rejection says so in words, not by a status code.
    for (const again of [
      await client(t.app, owner).post(`/orders/${waiting._id}/approve`),
      await client(t.app, owner).post(`/orders/${waiting._id}/reject`, { reason: 'Too late.' }),
    ]) {
      const problem = expectProblem(again, 409, 'order_not_awaiting_approval');
      expect(problem.detail).toBe('This order is already approved.');
    }
    // Approved, it still counts once: 2,000 more fits, 3,000 does not.
    expectProblem(await order(3), 409, 'credit_limit_exceeded');
    expect(json<Order>(await order(2)).status).toBe('awaiting_approval');
  });
});

describe('racing orders on account', () => {
  it('20 orders of one company at once never pass its credit limit together', async () => {
    const owner = await t.addAccount({ name: 'Race Owner' });
    const company = await addCompany(t, owner);
    const buyers = await Promise.all(
      Array.from({ length: 19 }, (_, i) => t.addAccount({ name: `Racer ${i}` })),
    );
    await t.db.insert(companyMembers).values(
      buyers.map((buyer) => ({
        userId: buyer.id,
        companyId: company.id,
        role: 'buyer' as const,
      })),
    );
    await t.db
      .insert(paymentTerms)
      .values({ companyId: company.id, netDays: 15, creditLimit: 10_000 });
    // A tool each: orders of one tool would queue on its row anyway, and only the company's lock
    // may keep these apart.
    const racers = [owner, ...buyers];
    const tools = await Promise.all(
      racers.map(() => t.addTool({ price: 1_000, quantity: 10_000, minimumOrder: 1 })),
    );

    // Each order is 3,000: three fit 10,000, the fourth would pass it.
    const outcomes = await Promise.allSettled(
      racers.map((buyer, i) =>
        t.app.services.orders.placeLines(asSessionUser(buyer), {
          lines: [{ toolId: tools[i]?.id ?? '', quantity: 3 }],
          ...delivery,
          paymentMethod: 'account',
        }),
      ),
    );
    const placed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(placed).toHaveLength(3);
    for (const outcome of refused) {
      expect(outcome.reason).toMatchObject({ code: 'credit_limit_exceeded' });
    }
  });

  it('a customer without a company: their racing orders queue on their own row', async () => {
    const buyer = await t.addAccount({ name: 'Solo Racer' });
    await addTerms(t, buyer.id, { creditLimit: 5_000 });
    const tool = await t.addTool({ price: 1_000, quantity: 10_000, minimumOrder: 1 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        t.app.services.orders.placeLines(asSessionUser(buyer), {
          lines: [{ toolId: tool.id, quantity: 2 }],
          ...delivery,
          paymentMethod: 'account',
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2);
    const owed = await t.db.execute<{ owed: number }>(
      sql`select toolyard_owed_on_account(null, ${buyer.id})::int as owed`,
    );
    expect(owed.rows[0]?.owed).toBe(4_000);
  });
});
