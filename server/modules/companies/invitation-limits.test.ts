import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInvitations } from '../../db/schema.ts';
import { addCompany } from '../../testing/companies.ts';
import { client, expectProblem } from '../../testing/http.ts';
import { buildTestApp, type TestContext, testConfig } from '../../testing/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({
    rateLimits: {
      ...testConfig.rateLimits,
      enabled: true,
      mailPerEmail: { limit: 2, windowMs: 3_600_000 },
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('invitations send mail, so they are capped', () => {
  it('per address, whoever invites it: the third invitation of one address in the hour is refused', async () => {
    const [first, second] = await Promise.all([t.signUp(), t.signUp()]);
    if (!first || !second) throw new Error('no owners');
    await addCompany(t, first);
    await addCompany(t, second);
    const invite = (owner: typeof first, email: string) =>
      client(t.app, owner).post('/companies/mine/invitations', { email, role: 'buyer' });
    expect((await invite(first, 'target@example.com')).statusCode).toBe(201);
    expect((await invite(second, 'TARGET@example.com')).statusCode).toBe(201);
    const before = await t.db.select().from(companyInvitations);
    const refused = await invite(first, 'target@example.com');
    expect(expectProblem(refused, 429, 'rate_limited').detail).toMatch(
      /^This address was sent several emails lately\. \(try again in \d+ minutes\)$/,
    );
    expect(await t.db.select().from(companyInvitations)).toEqual(before);
    // Another address is not held back by it.
    expect((await invite(first, 'other@example.com')).statusCode).toBe(201);
  });
});
