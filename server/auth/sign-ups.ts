import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, pendingSignUp, user } from '../db/schema.ts';
import { AppError, serviceUnavailable } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { existingAccountEmail, verificationEmail } from './auth-emails.ts';
import {
  HASHING_BUSY_MESSAGE,
  HASHING_RETRY_AFTER,
  type PasswordHashing,
} from './password-hashing.ts';
import { cleanImage, cleanName } from './profile-rules.ts';

/** How long a confirmation link works. */
const CONFIRMATION_SECONDS = 24 * 60 * 60;

/** Where links in account emails land in the web app. */
const ACCOUNT_PAGES = {
  confirmEmail: '/confirm-email',
  forgotPassword: '/forgot-password',
  login: '/login',
} as const;

const INVALID_LINK =
  'This confirmation link is not valid any more: it has expired, was used already, or the address was confirmed with another link. Sign in, or sign up again.';

export type SignUpsConfig = Pick<Config, 'publicUrl' | 'storeName' | 'adminEmails'>;

interface SignUpInput {
  name: string;
  email: string;
  password: string;
  image?: string | undefined;
}

type PendingRow = typeof pendingSignUp.$inferSelect;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Makes an account that signs in with a password, unless the address has one already (then null:
 * whoever made that one first keeps it).
 */
export async function createPasswordAccount(
  tx: Pick<Db, 'insert'>,
  fields: Pick<PendingRow, 'name' | 'email' | 'image' | 'passwordHash'> & {
    emailVerified: boolean;
    role: 'Admin' | 'User';
  },
) {
  const id = randomUUID();
  const [created] = await tx
    .insert(user)
    .values({
      id,
      name: fields.name,
      email: fields.email,
      emailVerified: fields.emailVerified,
      image: fields.image,
      role: fields.role,
    })
    .onConflictDoNothing({ target: user.email })
    .returning({ id: user.id, email: user.email, role: user.role });
  if (!created) return null;
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: fields.passwordHash,
  });
  return created;
}

/**
 * Sign-ups that wait for their email to be confirmed (decision 030). No account exists until then:
 * each sign-up is a pending row of its own, with its own token, mailed to the address; the first one
 * confirmed becomes the account, in one transaction that discards the others. So a confirmation
 * only ever confirms the sign-up whose link was followed, never someone else's account.
 */
export function createSignUps(
  config: SignUpsConfig,
  deps: { db: Db; mailer: Mailer; hashing: PasswordHashing; log: Logger },
) {
  const { db, mailer, hashing, log } = deps;
  const adminEmails = new Set(config.adminEmails.map((email) => email.toLowerCase()));

  async function hashPassword(password: string): Promise<string> {
    try {
      return await hashing.hash(password);
    } catch (error) {
      if (error instanceof APIError && error.status === 'SERVICE_UNAVAILABLE') {
        throw serviceUnavailable(HASHING_BUSY_MESSAGE, HASHING_RETRY_AFTER);
      }
      throw error;
    }
  }

  /** Stores a pending sign-up with a token of its own and mails its link, in one transaction. */
  async function mailNewLink(row: Pick<PendingRow, 'email' | 'name' | 'image' | 'passwordHash'>) {
    const token = randomBytes(32).toString('base64url');
    const createdAt = new Date();
    const link = new URL(`${config.publicUrl}${ACCOUNT_PAGES.confirmEmail}`);
    link.searchParams.set('token', token);
    await db.transaction(async (tx) => {
      // Expired sign-ups are of no use to anyone.
      await tx.delete(pendingSignUp).where(lte(pendingSignUp.expiresAt, sql`now()`));
      await tx.insert(pendingSignUp).values({
        ...row,
        id: randomUUID(),
        tokenHash: hashOf(token),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + CONFIRMATION_SECONDS * 1000),
      });
      await mailer.enqueue(
        {
          kind: 'verification',
          to: row.email,
          ...verificationEmail(config.storeName, link.toString(), createdAt),
        },
        tx,
      );
    });
    mailer.nudge();
  }

  return {
    /**
     * Answers alike whether or not the email has an account (decision 009): a new address gets a
     * confirmation link for this sign-up, a taken one a note to its owner. Nothing signs in.
     */
    async signUp(input: SignUpInput) {
      // Hashed either way, so a taken email takes as long as a new one.
      const passwordHash = await hashPassword(input.password);
      const name = cleanName(input.name) ?? input.email;
      const image = cleanImage(input.image, { googlePhotos: false });
      const [existing] = await db
        .select({ name: user.name, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.email, input.email))
        .limit(1);
      if (existing) {
        await mailer.enqueue({
          kind: 'existing_account',
          to: input.email,
          ...existingAccountEmail(config.storeName, existing.emailVerified ? existing.name : null, {
            signIn: `${config.publicUrl}${ACCOUNT_PAGES.login}`,
            resetPassword: `${config.publicUrl}${ACCOUNT_PAGES.forgotPassword}`,
          }),
        });
      } else {
        await mailNewLink({ email: input.email, name, image, passwordHash });
      }
      const now = new Date().toISOString();
      return {
        token: null,
        user: {
          id: randomUUID(),
          name,
          email: input.email,
          emailVerified: false,
          image,
          role: 'User',
          createdAt: now,
          updatedAt: now,
        },
      };
    },

    /** Mails a new link for the address's latest pending sign-up, if any; answers alike either way. */
    async resend(email: string) {
      const [latest] = await db
        .select()
        .from(pendingSignUp)
        .where(and(eq(pendingSignUp.email, email), gt(pendingSignUp.expiresAt, sql`now()`)))
        .orderBy(desc(pendingSignUp.createdAt))
        .limit(1);
      if (latest) {
        const { email: to, name, image, passwordHash } = latest;
        await mailNewLink({ email: to, name, image, passwordHash });
      }
      return { status: true };
    },

    /**
     * Makes the account of the sign-up whose link this is, if its address has none yet; every
     * other pending sign-up for the address goes. ADMIN_EMAILS applies here, to a proven address.
     */
    async confirm(token: string) {
      const tokenHash = hashOf(token);
      const outcome = await db.transaction(async (tx) => {
        const [link] = await tx
          .select({ email: pendingSignUp.email })
          .from(pendingSignUp)
          .where(eq(pendingSignUp.tokenHash, tokenHash));
        if (!link) return null;
        // Every sign-up of the address, locked in one order: two of its links confirmed at once
        // wait for each other (the second then finds its sign-up discarded) rather than deadlock.
        await tx
          .select({ id: pendingSignUp.id })
          .from(pendingSignUp)
          .where(eq(pendingSignUp.email, link.email))
          .orderBy(pendingSignUp.id)
          .for('update');
        const [pending] = await tx
          .delete(pendingSignUp)
          .where(eq(pendingSignUp.tokenHash, tokenHash))
          .returning();
        if (!pending || pending.expiresAt <= new Date()) return null;
        await tx.delete(pendingSignUp).where(eq(pendingSignUp.email, pending.email));
        const created = await createPasswordAccount(tx, {
          ...pending,
          emailVerified: true,
          role: adminEmails.has(pending.email) ? 'Admin' : 'User',
        });
        return created;
      });
      if (!outcome) throw new AppError(400, 'invalid_token', INVALID_LINK);
      if (outcome.role === 'Admin') {
        log.info({ emails: [outcome.email] }, 'granted admin from ADMIN_EMAILS');
      }
      return { status: true };
    },

    /** An account was made another way (Google): the address's pending sign-ups go. */
    async discard(email: string) {
      await db.delete(pendingSignUp).where(eq(pendingSignUp.email, email.toLowerCase()));
    },
  };
}

export type SignUps = ReturnType<typeof createSignUps>;
