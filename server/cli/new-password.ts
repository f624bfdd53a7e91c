import { randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { account, session, user } from '../db/schema.ts';

/**
 * Gives the account of `email` a new random password and ends its sessions (how an operator takes
 * a published demo password out of a store). Answers the password, or null when the account has
 * none to replace.
 */
export async function giveNewPassword(db: Db, email: string): Promise<string | null> {
  const password = randomBytes(18).toString('base64url');
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email.toLowerCase()));
    if (!owner) return null;
    const updated = await tx
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(account.userId, owner.id), eq(account.providerId, 'credential')))
      .returning({ id: account.id });
    if (updated.length === 0) return null;
    await tx.delete(session).where(eq(session.userId, owner.id));
    return password;
  });
}
