import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { shownProfilePhoto } from '../../../contract/auth.ts';
import type { Role, UserDetails, UserSummary } from '../../../contract/users.ts';
import { readTogether, type Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/contains-pattern.ts';
import { user } from '../../db/schema.ts';

export type UserRow = typeof user.$inferSelect;

export function toUserDetails(row: UserRow): UserDetails {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    phone: row.phone,
    linkedin: row.linkedin,
    education: row.education,
    companyName: row.companyName,
    vatNumber: row.vatNumber,
    billingAddress: row.billingAddress,
    image: shownProfilePhoto(row.image),
    role: row.role,
  };
}

export function toUserSummary(row: UserRow): UserSummary {
  return { _id: row.id, name: row.name, email: row.email, role: row.role };
}

const byEmail = (email: string) => eq(sql`lower(${user.email})`, email.trim().toLowerCase());

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(user).where(byEmail(email));
  return row;
}

export interface UserFilter {
  /** Any part of the name or the email (the trigram indexes answer it). */
  q?: string | undefined;
  /** Exactly this email, in any case. */
  email?: string | undefined;
  role?: Role | undefined;
}

function userFilter(filter: UserFilter): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  return and(
    pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined,
    filter.email === undefined ? undefined : byEmail(filter.email),
    filter.role && eq(user.role, filter.role),
  );
}

/** One page of the people that match, oldest account first, and how many match in all. */
export async function listUsers(
  tx: Tx,
  filter: UserFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = userFilter(filter);
  const [rows, [counted]] = await readTogether(tx, [
    () =>
      tx
        .select()
        .from(user)
        .where(where)
        .orderBy(asc(user.createdAt), asc(user.id))
        .limit(page.limit)
        .offset(page.offset),
    () => tx.select({ total: sql<number>`count(*)::int` }).from(user).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function updateUser(
  tx: Tx,
  id: string,
  changes: Partial<
    Pick<
      UserRow,
      | 'name'
      | 'phone'
      | 'linkedin'
      | 'education'
      | 'companyName'
      | 'vatNumber'
      | 'billingAddress'
      | 'role'
    >
  >,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(user)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(user.id, id))
    .returning();
  return row;
}

/** Locks every admin row, so two admins demoting each other at once cannot leave no admin. */
export async function lockAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, 'Admin'))
    .for('update');
  return rows.map((row) => row.id);
}
