import { eq, sql } from 'drizzle-orm';
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

/**
 * As membershipOf, with the company's row locked until the transaction ends (FOR NO KEY UPDATE,
 * as a placement takes it in order-context.sql, after the person's own row): what a company's
 * people do together (its month of orders, its quote requests in a day) is counted one at a
 * time. Read again under the lock, so a removal or a move that committed meanwhile counts.
 */
export async function lockedMembershipOf(tx: Tx, userId: string): Promise<Membership | null> {
  let membership = await membershipOf(tx, userId);
  while (membership) {
    const locked = membership.companyId;
    await tx.execute(sql`select 1 from ${companies} where id = ${locked} for no key update`);
    membership = await membershipOf(tx, userId);
    if (membership?.companyId === locked) return membership;
  }
  return null;
}
