import { verifyPassword } from 'better-auth/crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from './client.ts';
import { StartupError } from './postgres-binaries.ts';
import { account, user } from './schema.ts';

/** The demo accounts a development store seeds; README.md publishes their passwords. */
export const DEMO_ACCOUNTS = {
  admin: {
    name: 'Ada Admin',
    email: 'admin@example.com',
    password: 'demo-admin-2026',
    role: 'Admin',
  },
  customer: {
    name: 'Carlos Customer',
    email: 'customer@example.com',
    password: 'demo-customer-2026',
    role: 'User',
  },
} as const;

const DEMO_PASSWORDS = Object.values(DEMO_ACCOUNTS).map((demo) => demo.password);
const DEMO_EMAILS = Object.values(DEMO_ACCOUNTS).map((demo) => demo.email);

/**
 * The accounts whose stored password is one the README publishes: the demo accounts' own and
 * every admin's (checking every customer's would cost two password hashes each at every start).
 */
async function accountsWithDemoPasswords(db: Db): Promise<string[]> {
  const candidates = await db
    .select({ email: user.email, hash: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(
      and(
        eq(account.providerId, 'credential'),
        or(inArray(user.email, DEMO_EMAILS), eq(user.role, 'Admin')),
      ),
    );
  const exposed: string[] = [];
  for (const { email, hash } of candidates) {
    if (!hash) continue;
    for (const password of DEMO_PASSWORDS) {
      if (await verifyPassword({ hash, password })) {
        exposed.push(email);
        break;
      }
    }
  }
  return exposed;
}

/** A production store does not open while anyone can sign in with a password from the README. */
export async function refuseDemoPasswords(db: Db): Promise<void> {
  const exposed = await accountsWithDemoPasswords(db);
  if (exposed.length === 0) return;
  throw new StartupError(
    `${exposed.join(', ')} still ${exposed.length > 1 ? 'have' : 'has'} a demo password published in the README`,
    `give each a new password with npm run admin -- new-password EMAIL (it prints one, once)`,
  );
}
