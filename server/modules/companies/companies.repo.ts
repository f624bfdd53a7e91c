import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type {
  CompanyInvitation,
  CompanyMember,
  CompanyRole,
  CompanySummary,
  ListCompaniesQuery,
} from '../../../contract/company-details.ts';
import { readTogether, type Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/contains-pattern.ts';
import { companies, companyInvitations, companyMembers, user } from '../../db/schema.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type InvitationRow = typeof companyInvitations.$inferSelect;
export type MemberRow = typeof companyMembers.$inferSelect;

export async function findCompany(tx: Tx, id: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** The company's row, locked until the transaction ends: changes to its members go one at a time. */
export async function lockCompany(tx: Tx, id: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

export async function insertCompany(
  tx: Tx,
  values: Pick<typeof companies.$inferInsert, 'name' | 'vatNumber' | 'billingAddress'>,
): Promise<CompanyRow> {
  const [row] = await tx.insert(companies).values(values).returning();
  if (!row) throw new Error('the company was not stored');
  return row;
}

export async function updateCompany(
  tx: Tx,
  id: string,
  values: Partial<Pick<CompanyRow, 'name' | 'vatNumber' | 'billingAddress' | 'monthlyLimit'>>,
): Promise<void> {
  await tx
    .update(companies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(companies.id, id));
}

export async function findMember(tx: Tx, userId: string): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(companyMembers).where(eq(companyMembers.userId, userId));
  return row;
}

/**
 * Adds a member; answers false when the person belongs to a company already (the primary key on
 * the person holds even against two acceptances at once).
 */
export async function insertMember(
  tx: Tx,
  values: { userId: string; companyId: string; role: CompanyRole },
): Promise<boolean> {
  const rows = await tx
    .insert(companyMembers)
    .values(values)
    .onConflictDoNothing({ target: companyMembers.userId })
    .returning({ userId: companyMembers.userId });
  return rows.length > 0;
}

export async function updateMember(
  tx: Tx,
  userId: string,
  values: Partial<Pick<MemberRow, 'role' | 'orderLimit' | 'monthlyLimit'>>,
): Promise<void> {
  await tx
    .update(companyMembers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(companyMembers.userId, userId));
}

export async function deleteMember(tx: Tx, userId: string): Promise<void> {
  await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
}

export async function countOwners(tx: Tx, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'owner')));
  return row?.count ?? 0;
}

/** A page of a list, and how many it holds in all. */
export interface Page {
  limit: number;
  offset: number;
}

const countOf = async (rows: PromiseLike<{ count: number }[]>) => (await rows)[0]?.count ?? 0;

/**
 * A page of the members with their names and emails, owners first, then by name, and how many;
 * only those with `q` in their name or email when it is given.
 */
export async function listMembers(
  tx: Tx,
  companyId: string,
  page: Page,
  q?: string,
): Promise<{ items: CompanyMember[]; total: number }> {
  const pattern = q === undefined ? undefined : containsPattern(q);
  const where = and(
    eq(companyMembers.companyId, companyId),
    pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined,
  );
  const [rows, total] = await readTogether(tx, [
    () => membersPage(tx, where, page),
    () =>
      countOf(
        tx
          .select({ count: sql<number>`count(*)::int` })
          .from(companyMembers)
          .innerJoin(user, eq(user.id, companyMembers.userId))
          .where(where),
      ),
  ]);
  return { items: rows, total };
}

async function membersPage(tx: Tx, where: SQL | undefined, page: Page): Promise<CompanyMember[]> {
  const rows = await tx
    .select({
      userId: companyMembers.userId,
      name: user.name,
      email: user.email,
      role: companyMembers.role,
      orderLimit: companyMembers.orderLimit,
      monthlyLimit: companyMembers.monthlyLimit,
      joinedAt: companyMembers.createdAt,
    })
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .where(where)
    .orderBy(sql`${companyMembers.role} <> 'owner'`, asc(user.name), asc(user.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
}

/** Neither accepted nor withdrawn (nor replaced): at most one per address and company. */
const isUnanswered = and(
  isNull(companyInvitations.acceptedAt),
  isNull(companyInvitations.revokedAt),
);

/**
 * Open: unanswered, and its sender still an owner of its company, the rule acceptance checks
 * (decisions 060 and 065). An invitation sent by someone since removed, demoted, gone or deleted
 * is neither listed nor counted against the open cap.
 */
const isOpen = and(
  isUnanswered,
  sql`exists (select 1 from ${companyMembers} where ${companyMembers.userId} = ${companyInvitations.invitedBy} and ${companyMembers.companyId} = ${companyInvitations.companyId} and ${companyMembers.role} = 'owner')`,
);

/**
 * A page of the open invitations (expired ones included until revoked or replaced), newest first;
 * and how many are open.
 */
export async function listOpenInvitations(
  tx: Tx,
  companyId: string,
  page: Page,
): Promise<{ items: CompanyInvitation[]; total: number }> {
  const open = and(eq(companyInvitations.companyId, companyId), isOpen);
  const [items, total] = await readTogether(tx, [
    () => invitationsPage(tx, companyId, page),
    () =>
      countOf(
        tx.select({ count: sql<number>`count(*)::int` }).from(companyInvitations).where(open),
      ),
  ]);
  return { items, total };
}

async function invitationsPage(
  tx: Tx,
  companyId: string,
  page: Page,
): Promise<CompanyInvitation[]> {
  const rows = await tx
    .select({
      id: companyInvitations.id,
      email: companyInvitations.email,
      role: companyInvitations.role,
      invitedBy: user.name,
      createdAt: companyInvitations.createdAt,
      expiresAt: companyInvitations.expiresAt,
    })
    .from(companyInvitations)
    .leftJoin(user, eq(user.id, companyInvitations.invitedBy))
    .where(and(eq(companyInvitations.companyId, companyId), isOpen))
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ id, createdAt, expiresAt, ...row }) => ({
    _id: id,
    ...row,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
  }));
}

/** The company's invitations sent in the last 24 hours, and those open now. */
export async function countInvitations(
  tx: Tx,
  companyId: string,
): Promise<{ lastDay: number; open: number }> {
  const [row] = await tx
    .select({
      lastDay: sql<number>`count(*) filter (where ${companyInvitations.createdAt} > now() - interval '1 day')::int`,
      open: sql<number>`count(*) filter (where ${isOpen} and ${companyInvitations.expiresAt} > now())::int`,
    })
    .from(companyInvitations)
    .where(eq(companyInvitations.companyId, companyId));
  return { lastDay: row?.lastDay ?? 0, open: row?.open ?? 0 };
}

/**
 * Revokes the company's unanswered invitation of `email` or with this id, if any (one whose sender
 * is no longer an owner too: it still holds its address's place); answers the revoked row.
 */
export async function revokeOpenInvitation(
  tx: Tx,
  companyId: string,
  where: { email: string } | { id: string },
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(companyInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        'email' in where
          ? eq(companyInvitations.email, where.email)
          : eq(companyInvitations.id, where.id),
        isUnanswered,
      ),
    )
    .returning();
  return row;
}

export async function insertInvitation(
  tx: Tx,
  values: Pick<
    typeof companyInvitations.$inferInsert,
    'companyId' | 'email' | 'role' | 'tokenHash' | 'invitedBy' | 'expiresAt'
  >,
): Promise<InvitationRow> {
  const [row] = await tx.insert(companyInvitations).values(values).returning();
  if (!row) throw new Error('the invitation was not stored');
  return row;
}

/** The invitation with this token's hash, unlocked. */
export async function findInvitationByHash(
  tx: Tx,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .select()
    .from(companyInvitations)
    .where(eq(companyInvitations.tokenHash, tokenHash));
  return row;
}

/** The invitation with this token's hash, locked until the transaction ends. */
export async function lockInvitationByHash(
  tx: Tx,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .select()
    .from(companyInvitations)
    .where(eq(companyInvitations.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markAccepted(tx: Tx, id: string, userId: string): Promise<void> {
  await tx
    .update(companyInvitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(eq(companyInvitations.id, id));
}

export async function emailOf(tx: Tx, userId: string): Promise<string | undefined> {
  const [row] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email;
}

export async function nameOf(tx: Tx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? null;
}

export async function isMemberEmail(tx: Tx, companyId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        sql`lower(${user.email}) = ${email.toLowerCase()}`,
      ),
    );
  return row !== undefined;
}

/**
 * A page of the companies by name (those whose name contains `q`), each with its member count, and
 * how many match (the admin's order filter and payment terms).
 */
export async function listCompanies(
  tx: Tx,
  { q, limit, offset }: ListCompaniesQuery,
): Promise<{ items: CompanySummary[]; total: number }> {
  const matching = q ? ilike(companies.name, containsPattern(q)) : undefined;
  const [rows, total] = await readTogether(tx, [
    () =>
      tx
        .select({
          id: companies.id,
          name: companies.name,
          memberCount: sql<number>`(select count(*)::int from ${companyMembers} where ${companyMembers.companyId} = ${companies.id})`,
        })
        .from(companies)
        .where(matching)
        .orderBy(asc(companies.name), asc(companies.id))
        .limit(limit)
        .offset(offset),
    () => countOf(tx.select({ count: sql<number>`count(*)::int` }).from(companies).where(matching)),
  ]);
  return { items: rows.map(({ id, ...row }) => ({ _id: id, ...row })), total };
}
