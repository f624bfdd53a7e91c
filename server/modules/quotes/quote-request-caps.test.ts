import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_QUOTE_REQUESTS_PER_DAY_MAX,
  QUOTE_REQUESTS_PER_DAY_MAX,
} from '../../../contract/quotes.ts';
import { quotes } from '../../db/schema.ts';
import { addCompany } from '../../testing/companies.ts';
import { client, expectProblem } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

/** Each quote request mails the store, withdrawn or not: so many a day, per person and company. */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const withdrawn = (userId: string, companyId: string | null, count: number) =>
  t.db.insert(quotes).values(
    Array.from({ length: count }, () => ({
      userId,
      companyId,
      currency: 'USD',
      status: 'withdrawn' as const,
    })),
  );

async function ask(who: TestUser) {
  const tool = await t.addTool({ minimumOrder: 1 });
  await client(t.app, who).put('/cart', { lines: [{ toolId: tool.id, quantity: 1 }] });
  return client(t.app, who).post('/quotes', { message: 'Again?' });
}

describe('who may ask for a quote', () => {
  it('those who may order: an approver or a viewer of a company may not', async () => {
    const [owner, approver, viewer] = [await t.signUp(), await t.signUp(), await t.signUp()];
    await addCompany(t, owner, [
      { user: approver, role: 'approver' },
      { user: viewer, role: 'viewer' },
    ]);
    for (const reader of [approver, viewer]) {
      expectProblem(await ask(reader), 403, 'role_cannot_order');
    }
    expect((await ask(owner)).statusCode).toBe(201);
  });
});

describe('quote requests in a day', () => {
  it('are capped per person, withdrawn ones counted', async () => {
    const buyer = await t.signUp();
    await withdrawn(buyer.id, null, QUOTE_REQUESTS_PER_DAY_MAX - 1);
    expect((await ask(buyer)).statusCode).toBe(201);
    expect(expectProblem(await ask(buyer), 429, 'rate_limited').detail).toBe(
      `You have asked for ${QUOTE_REQUESTS_PER_DAY_MAX} quotes in the last 24 hours, the most one person may. Try again tomorrow, or write to us on a quote you have.`,
    );
  });

  it('are capped per company, whoever of it asks', async () => {
    const [owner, buyer] = [await t.signUp(), await t.signUp()];
    const company = await addCompany(t, owner, [{ user: buyer, role: 'buyer' }]);
    await withdrawn(owner.id, company.id, COMPANY_QUOTE_REQUESTS_PER_DAY_MAX);
    expect(expectProblem(await ask(buyer), 429, 'rate_limited').detail).toContain(
      'Your company has asked for',
    );
  });
});

describe("a company's quote requests at once", () => {
  it('end at exactly its cap however many of its people ask together, while they also place orders', async () => {
    const owner = await t.signUp();
    const members = await Promise.all(Array.from({ length: 6 }, () => t.signUp()));
    const company = await addCompany(
      t,
      owner,
      members.map((user) => ({ user, role: 'buyer' as const })),
    );
    await withdrawn(owner.id, company.id, COMPANY_QUOTE_REQUESTS_PER_DAY_MAX - 2);
    const tool = await t.addTool({ minimumOrder: 1, quantity: 10_000 });
    for (const member of members) {
      await client(t.app, member).put('/cart', { lines: [{ toolId: tool.id, quantity: 1 }] });
    }
    // Orders lock the person, then the company, then the tools; quote requests the person, then
    // the company: taken together they wait for each other and never deadlock.
    const [asked, placed] = await Promise.all([
      Promise.all(
        members.map((member) => client(t.app, member).post('/quotes', { message: 'At once?' })),
      ),
      Promise.all(
        members.map((member) =>
          client(t.app, member).post('/orders', {
            lines: [{ toolId: tool.id, quantity: 1 }],
            ...delivery,
          }),
        ),
      ),
    ]);
    expect(placed.map((r) => r.statusCode)).toEqual(members.map(() => 201));
    expect(asked.map((r) => r.statusCode).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    const [row] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(quotes)
      .where(
        and(eq(quotes.companyId, company.id), sql`${quotes.createdAt} > now() - interval '1 day'`),
      );
    expect(row?.count).toBe(COMPANY_QUOTE_REQUESTS_PER_DAY_MAX);
  });
});
