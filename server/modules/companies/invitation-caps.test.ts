import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITATIONS_PER_DAY_MAX,
  OPEN_INVITATIONS_MAX,
} from '../../../contract/company-details.ts';
import { companyInvitations } from '../../db/schema.ts';
import { addCompany } from '../../testing/companies.ts';
import { client, expectProblem } from '../../testing/http.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

/** Each invitation mails someone in the company's name: so many a day, and so many open. */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const sent = (
  companyId: string,
  count: number,
  values: { createdAt: Date; revokedAt?: Date; invitedBy?: string },
) =>
  t.db.insert(companyInvitations).values(
    Array.from({ length: count }, () => ({
      companyId,
      email: `${randomBytes(4).toString('hex')}@example.com`,
      role: 'buyer' as const,
      tokenHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
      ...values,
    })),
  );

describe('invitations of one company', () => {
  it('are capped per 24 hours, withdrawn ones counted', async () => {
    const owner = await t.signUp();
    const company = await addCompany(t, owner);
    await sent(company.id, INVITATIONS_PER_DAY_MAX, {
      createdAt: new Date(),
      revokedAt: new Date(),
    });
    const refused = await client(t.app, owner).post('/companies/mine/invitations', {
      email: 'one-more@example.com',
      role: 'buyer',
    });
    expect(expectProblem(refused, 429, 'rate_limited').detail).toBe(
      `Your company has sent ${INVITATIONS_PER_DAY_MAX} invitations in the last 24 hours, the most it may. Try again tomorrow.`,
    );
  });

  it('are capped while open', async () => {
    const owner = await t.signUp();
    const company = await addCompany(t, owner);
    await sent(company.id, OPEN_INVITATIONS_MAX, {
      createdAt: new Date(Date.now() - 2 * 86_400_000),
      invitedBy: owner.id,
    });
    const refused = await client(t.app, owner).post('/companies/mine/invitations', {
      email: 'one-more@example.com',
      role: 'buyer',
    });
    expectProblem(refused, 409, 'invitation_limit');
  });

  it('count only while their sender is still an owner (decision 065)', async () => {
    const [owner, former] = [await t.signUp(), await t.signUp()];
    const company = await addCompany(t, owner, [{ user: former, role: 'buyer' }]);
    await sent(company.id, OPEN_INVITATIONS_MAX, {
      createdAt: new Date(Date.now() - 2 * 86_400_000),
      invitedBy: former.id,
    });
    const invited = await client(t.app, owner).post('/companies/mine/invitations', {
      email: 'one-more@example.com',
      role: 'buyer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
  });
});
