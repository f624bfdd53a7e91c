import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies, companyMembers } from '../../db/schema.ts';

/** A person's place in their company, read fresh from the database (never from the session). */
export interface Membership {
  companyId: string;
  companyName: string;
  role: (typeof companyMembers.$inferSelect)['role'];
  /** Minor units; null: no limit. */
  orderLimit: number | null;
  monthlyLimit: number | null;
}

/** The company `userId` belongs to and their role in it, or null: they buy on their own. */
export async function membershipOf(db: Tx, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({
      companyId: companyMembers.companyId,
      companyName: companies.name,
      role: companyMembers.role,
      orderLimit: companyMembers.orderLimit,
      monthlyLimit: companyMembers.monthlyLimit,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return row ?? null;
}
