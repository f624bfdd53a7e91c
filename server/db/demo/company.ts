import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { companies, companyMembers } from '../schema.ts';

/**
 * The demo company: the demo customer buys for it as its owner, so the Company screens have
 * something to show. The demo admin is the store's staff, not a member of a customer's company.
 */
export const DEMO_COMPANY = {
  name: 'Northgate Site Services Ltd',
  vatNumber: 'GB 123 4567 89',
  billingAddress: 'Accounts payable\n14 Northgate Yard\nLeeds LS1 4AP',
} as const;

export async function seedDemoCompany(tx: Tx, ownerId: string): Promise<void> {
  // An account made before the demo (the same email) that joined a company keeps it.
  const [member] = await tx
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, ownerId));
  if (member) return;
  const [company] = await tx.insert(companies).values(DEMO_COMPANY).returning();
  if (!company) throw new Error('the demo company was not stored');
  await tx.insert(companyMembers).values({ userId: ownerId, companyId: company.id, role: 'owner' });
}
