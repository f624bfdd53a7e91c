import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CompanyRole } from '../../contract/company-details.ts';
import { companies, companyInvitations, companyMembers } from '../db/schema.ts';
import type { TestAccount, TestContext, TestUser } from './test-app.ts';

export interface TestCompany {
  id: string;
  name: string;
}

let made = 0;

/**
 * A company owned by `owner`, with `members` in their roles (and limits, when given), written
 * straight to the database as the company's own calls would leave it.
 */
export async function addCompany(
  t: Pick<TestContext, 'db'>,
  owner: Pick<TestUser, 'id'>,
  members: {
    user: Pick<TestUser, 'id'>;
    role: CompanyRole;
    orderLimit?: number | null;
    monthlyLimit?: number | null;
  }[] = [],
  values: Partial<typeof companies.$inferInsert> = {},
): Promise<TestCompany> {
  made += 1;
  const [company] = await t.db
    .insert(companies)
    .values({ name: `Test Company ${made}`, ...values })
    .returning();
  if (!company) throw new Error('no company');
  await t.db.insert(companyMembers).values([
    { userId: owner.id, companyId: company.id, role: 'owner' },
    ...members.map(({ user, role, orderLimit, monthlyLimit }) => ({
      userId: user.id,
      companyId: company.id,
      role,
      orderLimit: orderLimit ?? null,
      monthlyLimit: monthlyLimit ?? null,
    })),
  ]);
  return { id: company.id, name: company.name };
}

/** The token in an invitation email's link (`/join-company?token=`). */
export function invitationToken(mailText: string): string {
  const match = /\/join-company\?token=([A-Za-z0-9_-]+)/.exec(mailText);
  if (!match?.[1]) throw new Error('no invitation link in the mail');
  return match[1];
}

/** An open invitation written straight to the database, with the token its link would carry. */
async function addInvitation(
  t: Pick<TestContext, 'db'>,
  companyId: string,
  email: string,
  role: CompanyRole = 'buyer',
  invitedBy: string | null = null,
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await t.db
    .insert(companyInvitations)
    .values({
      companyId,
      email: email.toLowerCase(),
      role,
      invitedBy,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  if (!row) throw new Error('no invitation');
  return { id: row.id, token };
}

/** What the company routes of the valid requests act on (valid-requests.ts). */
export interface CompanyFixture {
  /** Owned by the fixture's admin, with `coOwner` as a second owner. */
  company: TestCompany;
  coOwner: TestAccount;
  /** An open invitation of the admin's company to another address. */
  sent: { id: string; token: string };
  /** An open invitation of another company to the admin (accepted once they leave theirs). */
  received: { id: string; token: string };
}

/**
 * Makes `admin` an owner of a fresh company (leaving any they were in), with a second owner and
 * an open invitation, and invites them to another company.
 */
export async function companyFixture(
  t: Pick<TestContext, 'db' | 'addAccount'>,
  admin: Pick<TestUser, 'id' | 'email'>,
): Promise<CompanyFixture> {
  await leaveCompany(t, admin);
  const coOwner = await t.addAccount();
  const company = await addCompany(t, admin, [{ user: coOwner, role: 'owner' }]);
  const sent = await addInvitation(
    t,
    company.id,
    `invited-${randomBytes(3).toString('hex')}@example.com`,
    'buyer',
    admin.id,
  );
  const otherOwner = await t.addAccount();
  const other = await addCompany(t, otherOwner);
  const received = await addInvitation(t, other.id, admin.email, 'viewer', otherOwner.id);
  return { company, coOwner, sent, received };
}

/** Takes `person` out of their company, if any (as if they had left it). */
export async function leaveCompany(
  t: Pick<TestContext, 'db'>,
  person: Pick<TestUser, 'id'>,
): Promise<void> {
  await t.db.delete(companyMembers).where(eq(companyMembers.userId, person.id));
}
