import { asc, count, eq, sql } from 'drizzle-orm';
import type { PaymentTerms } from '../../../contract/payment-terms.ts';
import type { Tx } from '../../db/client.ts';
import { companies, paymentTerms, user } from '../../db/schema.ts';

export type PaymentTermsRow = typeof paymentTerms.$inferSelect;

/** Who owes, as server/db/functions/owed-on-account.sql counts it. */
export const owedSql = sql<number>`toolyard_owed_on_account(${paymentTerms.companyId}, ${paymentTerms.userId})::int`;

/** What the store owes the buyer, as server/db/functions/owed-to-buyer.sql counts it. */
export const owedToBuyerSql = sql<number>`toolyard_owed_to_buyer(${paymentTerms.companyId}, ${paymentTerms.userId})::int`;

const termsColumns = {
  id: paymentTerms.id,
  companyId: paymentTerms.companyId,
  userId: paymentTerms.userId,
  netDays: paymentTerms.netDays,
  creditLimit: paymentTerms.creditLimit,
  updatedAt: paymentTerms.updatedAt,
  companyName: companies.name,
  userName: user.name,
  userEmail: user.email,
  owed: owedSql,
  owedToBuyer: owedToBuyerSql,
};

type TermsJoined = {
  id: string;
  companyId: string | null;
  userId: string | null;
  netDays: number;
  creditLimit: number;
  updatedAt: Date;
  companyName: string | null;
  userName: string | null;
  userEmail: string | null;
  owed: number;
  owedToBuyer: number;
};

function toTerms(row: TermsJoined): PaymentTerms {
  const buyer = row.companyId
    ? { type: 'company' as const, id: row.companyId, name: row.companyName ?? '', email: null }
    : {
        type: 'customer' as const,
        id: row.userId ?? '',
        name: row.userName ?? '',
        email: row.userEmail,
      };
  return {
    _id: row.id,
    buyer,
    netDays: row.netDays as PaymentTerms['netDays'],
    creditLimit: row.creditLimit,
    owed: Math.max(0, row.owed),
    owedToBuyer: row.owedToBuyer,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function joined(tx: Tx) {
  return tx
    .select(termsColumns)
    .from(paymentTerms)
    .leftJoin(companies, eq(companies.id, paymentTerms.companyId))
    .leftJoin(user, eq(user.id, paymentTerms.userId));
}

/** A page of the buyers with terms, by name, and how many have terms. */
export async function listTerms(
  tx: Tx,
  page: { limit: number; offset: number },
): Promise<{ terms: PaymentTerms[]; total: number }> {
  const rows = await joined(tx)
    .orderBy(asc(sql`lower(coalesce(${companies.name}, ${user.name}))`), asc(paymentTerms.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx.select({ total: count() }).from(paymentTerms);
  return { terms: rows.map(toTerms), total: counted?.total ?? 0 };
}

export async function findTerms(tx: Tx, id: string): Promise<PaymentTerms | undefined> {
  const [row] = await joined(tx).where(eq(paymentTerms.id, id));
  return row && toTerms(row);
}

/** Inserts or replaces the buyer's terms (one per company, one per customer). */
export async function upsertTerms(
  tx: Tx,
  buyer: { companyId: string } | { userId: string },
  values: { netDays: number; creditLimit: number },
): Promise<string> {
  const target = 'companyId' in buyer ? paymentTerms.companyId : paymentTerms.userId;
  const where = 'companyId' in buyer ? sql`company_id is not null` : sql`user_id is not null`;
  const [row] = await tx
    .insert(paymentTerms)
    .values({ ...buyer, ...values })
    .onConflictDoUpdate({
      target,
      targetWhere: where,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning({ id: paymentTerms.id });
  if (!row) throw new Error('upserting payment terms returned no row');
  return row.id;
}

export async function deleteTerms(tx: Tx, id: string): Promise<PaymentTermsRow | undefined> {
  const [row] = await tx.delete(paymentTerms).where(eq(paymentTerms.id, id)).returning();
  return row;
}
