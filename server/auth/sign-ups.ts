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

/** Waiting sign-ups of one address whose password a confirmation checks, newest first. */
const CHECKED_SIGN_UPS = 5;
/** Rows read to find them (copies mailed again share their sign-up's hash). */
const MAX_ROWS_READ = 50;

const WRONG_PASSWORD =
  'This is not the password this sign-up was made with. Type the password you chose when you signed up; if you do not remember it, sign up again.';

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
 * each sign-up is a pending row of its own, with its own token, mailed to the address. Confirming
 * takes a link's token (the mailbox) and the password chosen at sign-up (which sign-up): the first
 * one confirmed becomes the account, in one transaction that discards the others. So a link alone
 * confirms nothing, and no one confirms a sign-up whose password they do not know.
 */
export function createSignUps(
  config: SignUpsConfig,
  deps: { db: Db; mailer: Mailer; hashing: PasswordHashing; log: Logger },
) {
  const { db, mailer, hashing, log } = deps;
  const adminEmails = new Set(config.adminEmails.map((email) => email.toLowerCase()));

  /** Work of the hashing gate; a full gate is the store's 503 with Retry-After. */
  async function throughGate<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof APIError && error.status === 'SERVICE_UNAVAILABLE') {
        throw serviceUnavailable(HASHING_BUSY_MESSAGE, HASHING_RETRY_AFTER);
      }
      throw error;
    }
  }
  const hashPassword = (password: string) => throughGate(() => hashing.hash(password));
  const verifyPassword = (hash: string, password: string) =>
    throughGate(() => hashing.verify({ hash, password }));

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

  /**
   * The newest waiting sign-up of the address made with this password, checked through the hashing
   * gate. Copies mailed again share their sign-up's hash, so each sign-up is checked once, and at
   * most CHECKED_SIGN_UPS of them (the mail limit bounds how many exist anyway).
   */
  async function signUpWithPassword(email: string, password: string) {
    const rows = await db
      .select()
      .from(pendingSignUp)
      .where(and(eq(pendingSignUp.email, email), gt(pendingSignUp.expiresAt, sql`now()`)))
      .orderBy(desc(pendingSignUp.createdAt))
      .limit(MAX_ROWS_READ);
    const hashes = new Set<string>();
    const signUps = rows.filter(
      (row) => !hashes.has(row.passwordHash) && hashes.add(row.passwordHash),
    );
    for (const row of signUps.slice(0, CHECKED_SIGN_UPS)) {
      if (await verifyPassword(row.passwordHash, password)) return row;
    }
    return null;
  }

  /** The address a valid, unexpired confirmation link was mailed to (undefined otherwise). */
  async function addressOf(token: string): Promise<string | undefined> {
    const [link] = await db
      .select({ email: pendingSignUp.email })
      .from(pendingSignUp)
      .where(
        and(eq(pendingSignUp.tokenHash, hashOf(token)), gt(pendingSignUp.expiresAt, sql`now()`)),
      );
    return link?.email;
  }

  return {
    addressOf,

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

    /**
     * Mails the address a new link if a sign-up waits for it (a copy of the latest, under a new
     * token: any link of the address confirms only with a sign-up's password); answers alike
     * either way, and the mail says nothing of the sign-up.
     */
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
     * A link's token proves its reader has the address's mailbox; the password picks which of the
     * address's waiting sign-ups is theirs (decision 030). That one becomes the account and every
     * other one goes, in one transaction; ADMIN_EMAILS applies here, to a proven address. Answers
     * the account's email, for signing its owner in.
     */
    async confirm(input: { token: string; password: string }) {
      const tokenHash = hashOf(input.token);
      const email = await addressOf(input.token);
      if (!email) throw new AppError(400, 'invalid_token', INVALID_LINK);
      const chosen = await signUpWithPassword(email, input.password);
      if (!chosen) throw new AppError(400, 'wrong_sign_up_password', WRONG_PASSWORD);
      const created = await db.transaction(async (tx) => {
        // Every sign-up of the address, locked in one order: two confirmations at once wait for
        // each other (the second then finds the sign-ups gone) rather than deadlock.
        const rows = await tx
          .select({ id: pendingSignUp.id, tokenHash: pendingSignUp.tokenHash })
          .from(pendingSignUp)
          .where(and(eq(pendingSignUp.email, email), gt(pendingSignUp.expiresAt, sql`now()`)))
          .orderBy(pendingSignUp.id)
          .for('update');
        // Confirmed at once with another link or password: the first one made the account.
        const linkStands = rows.some((row) => row.tokenHash === tokenHash);
        if (!linkStands || !rows.some((row) => row.id === chosen.id)) return null;
        await tx.delete(pendingSignUp).where(eq(pendingSignUp.email, email));
        return createPasswordAccount(tx, {
          ...chosen,
          emailVerified: true,
          role: adminEmails.has(chosen.email) ? 'Admin' : 'User',
        });
      });
      if (!created) throw new AppError(400, 'invalid_token', INVALID_LINK);
      if (created.role === 'Admin') {
        log.info({ emails: [created.email] }, 'granted admin from ADMIN_EMAILS');
      }
      return { email: created.email };
    },

    /** An account was made another way (Google): the address's pending sign-ups go. */
    async discard(email: string) {
      await db.delete(pendingSignUp).where(eq(pendingSignUp.email, email.toLowerCase()));
    },
  };
}

export type SignUps = ReturnType<typeof createSignUps>;
