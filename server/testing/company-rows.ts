import type { COMPANY_ROLES } from '../../contract/companies.ts';
import type { Tx } from '../db/client.ts';
import { companies, companyMembers } from '../db/schema.ts';

type Role = (typeof COMPANY_ROLES)[number];

/**
 * A company with these people in these roles, written straight into its tables: what tests of
 * the address book and saved lists need, without the companies' own API.
 */
export async function addCompany(
  db: Tx,
  name: string,
  members: readonly { id: string; role: Role }[],
): Promise<{ id: string; name: string }> {
  const [company] = await db.insert(companies).values({ name }).returning();
  if (!company) throw new Error('inserting a company returned no row');
  if (members.length > 0)
    await db
      .insert(companyMembers)
      .values(
        members.map((member) => ({ userId: member.id, companyId: company.id, role: member.role })),
      );
  return { id: company.id, name: company.name };
}
