import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema.ts';

/**
 * Makes every existing account listed in ADMIN_EMAILS an admin, once its email is confirmed
 * (otherwise whoever signed up first with a listed address would be admin). New accounts get the
 * role when they confirm.
 */
export async function promoteConfiguredAdmins(
  db: Db,
  emails: string[],
  log: Logger,
): Promise<void> {
  if (emails.length === 0) return;
  const promoted = await db
    .update(user)
    .set({ role: 'Admin', updatedAt: sql`now()` })
    .where(
      sql`${user.role} <> 'Admin' and ${user.emailVerified} and lower(${user.email}) in ${emails.map((e) => e.toLowerCase())}`,
    )
    .returning({ email: user.email });
  if (promoted.length > 0)
    log.info({ emails: promoted.map((row) => row.email) }, 'granted admin from ADMIN_EMAILS');
}
