import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers } from '../../db/schema.ts';
import { addCompany } from '../../testing/companies.ts';
import { client } from '../../testing/http.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the last owner', () => {
  it('stays when two owners demote each other, or both leave, at the same moment', async () => {
    for (const race of ['demote', 'leave'] as const) {
      const [ana, bea] = await Promise.all([t.signUp(), t.signUp()]);
      if (!ana || !bea) throw new Error('no owners');
      const company = await addCompany(t, ana, [{ user: bea, role: 'owner' }]);
      const act = (who: typeof ana, other: typeof ana) =>
        race === 'demote'
          ? client(t.app, who).patch(`/companies/mine/members/${other.id}`, { role: 'buyer' })
          : client(t.app, who).post('/companies/mine/leave');
      const answers = await Promise.all([act(ana, bea), act(bea, ana)]);
      // One goes first under the company's lock; the other then finds itself demoted (403) or
      // the last owner (409).
      const [won, lost] = answers.map((answer) => answer.statusCode).sort();
      expect(won, race).toBe(200);
      expect([403, 409], race).toContain(lost);
      const owners = await t.db
        .select()
        .from(companyMembers)
        .where(eq(companyMembers.companyId, company.id));
      expect(
        owners.filter((member) => member.role === 'owner'),
        race,
      ).toHaveLength(1);
    }
  });
});
