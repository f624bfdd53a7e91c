import type { COMPANY_ROLES } from '../../contract/companies.ts';
import { companies, companyMembers } from '../db/schema.ts';
import type { TestContext, TestUser } from './test-app.ts';

type CompanyRole = (typeof COMPANY_ROLES)[number];

/**
 * A company with one signed-in member of each role given, written straight to its tables (the
 * tests of quotes need companies, not the company routes).
 */
export async function addCompany<R extends CompanyRole>(
  t: TestContext,
  name: string,
  roles: readonly R[],
): Promise<{ id: string; members: Record<R, TestUser> }> {
  const [company] = await t.db.insert(companies).values({ name }).returning();
  if (!company) throw new Error('no company');
  const members = {} as Record<R, TestUser>;
  for (const role of roles) {
    const member = await t.signUp({ name: `${name} ${role}` });
    await t.db.insert(companyMembers).values({ userId: member.id, companyId: company.id, role });
    members[role] = member;
  }
  return { id: company.id, members };
}
