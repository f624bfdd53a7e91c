import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../../contract/quote-schemas.ts';
import { companyMembers } from '../../db/schema.ts';
import { addCompany } from '../../testing/companies.ts';
import { client } from '../../testing/http.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

/** The store's mail about a company's quote goes to those who answer it, never a former member. */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('mail about a company’s quote', () => {
  it('goes to its asker and the company’s owners, and no longer to an asker who left', async () => {
    const admin = await t.signUp({ role: 'Admin' });
    const [owner, buyer] = [await t.signUp(), await t.signUp()];
    await addCompany(t, owner, [{ user: buyer, role: 'buyer' }]);
    const tool = await t.addTool({ minimumOrder: 1 });
    await client(t.app, buyer).put('/cart', { lines: [{ toolId: tool.id, quantity: 2 }] });
    const quote = (
      await client(t.app, buyer).post('/quotes', { message: 'Price?' })
    ).json() as Quote;
    const storeWrites = async (body: string) => {
      await t.app.mailer.drain();
      const before = t.sentMail.length;
      const written = await client(t.app, admin).post(`/quote-requests/${quote._id}/messages`, {
        body,
      });
      expect(written.statusCode, written.body).toBe(201);
      await t.app.mailer.drain();
      return t.sentMail
        .slice(before)
        .filter((m) => m.subject.includes(quote.number))
        .map((m) => m.to)
        .sort();
    };
    expect(await storeWrites('Which site?')).toEqual([buyer.email, owner.email].sort());
    await t.db.delete(companyMembers).where(eq(companyMembers.userId, buyer.id));
    expect(await storeWrites('Still there?')).toEqual([owner.email]);
  });
});
