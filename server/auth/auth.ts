import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createEmailVerificationToken } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../contract/auth.ts';
import type { Config } from '../config.ts';
import { type Db, isPoolExhausted } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { promoteConfiguredAdmins } from '../modules/users/admin-roles.ts';
import { existingAccountEmail, passwordResetEmail, verificationEmail } from './auth-emails.ts';
import type { PasswordHashing } from './password-hashing.ts';
import { cleanImage, cleanName } from './profile-rules.ts';

export type AuthConfig = Pick<
  Config,
  'publicUrl' | 'trustedOrigins' | 'sessionSecret' | 'storeName' | 'adminEmails' | 'google'
>;

/** Where the links in account emails land in the web app. */
const AUTH_PAGES = {
  emailVerified: '/email-verified',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
  login: '/login',
} as const;

/** How long a confirmation link works. */
const VERIFICATION_SECONDS = 24 * 60 * 60;

/**
 * The client's address as the store resolved it (TRUST_PROXY), set by the mount on every request it
 * hands to Better Auth; whatever a client sends under this name is replaced.
 */
export const CLIENT_ADDRESS_HEADER = 'x-toolyard-client-address';

/**
 * Accounts and sessions (Better Auth, stored in PostgreSQL): email + password with verification
 * and reset emails, and Google sign-in over OpenID Connect when configured.
 */
export function createAuth(
  config: AuthConfig,
  deps: { db: Db; mailer: Mailer; log: Logger; hashing: PasswordHashing },
) {
  const { db, mailer, log, hashing } = deps;
  const adminEmails = new Set(config.adminEmails);
  const isSecure = config.publicUrl.startsWith('https://');
  const { google } = config;
  return betterAuth({
    appName: config.storeName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: { hash: hashing.hash, verify: hashing.verify },
      // Sign-up answers the same whether or not the email has an account (so it tells no one who
      // is a customer), which means it cannot sign anyone in: people sign in after confirming.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user: existing }) => {
        // Not confirmed yet: the address's owner gets a fresh confirmation link, as on a first
        // sign-up (whoever signed up before may not have been them: decision 009).
        if (!existing.emailVerified) {
          const token = await createEmailVerificationToken(
            config.sessionSecret,
            existing.email,
            undefined,
            VERIFICATION_SECONDS,
            { userId: existing.id },
          );
          const link = new URL(`${config.publicUrl}/api/auth/verify-email`);
          link.searchParams.set('token', token);
          link.searchParams.set('callbackURL', `${config.publicUrl}${AUTH_PAGES.emailVerified}`);
          await mailer.enqueue({
            kind: 'verification',
            to: existing.email,
            ...verificationEmail(config.storeName, link.toString()),
          });
          return;
        }
        await mailer.enqueue({
          kind: 'existing_account',
          to: existing.email,
          ...existingAccountEmail(config.storeName, existing.name, {
            signIn: `${config.publicUrl}${AUTH_PAGES.login}`,
            resetPassword: `${config.publicUrl}${AUTH_PAGES.forgotPassword}`,
          }),
        });
      },
      // Unverified customers may sign in (and are told to verify); ordering needs verification.
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: owner, url }) => {
        await mailer.enqueue({
          kind: 'password_reset',
          to: owner.email,
          ...passwordResetEmail(config.storeName, owner.emailVerified ? owner.name : null, url),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link proves the address, not the password: whoever signed up may not be its owner, so
      // it signs no one in (docs/decisions/009).
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_SECONDS,
      sendVerificationEmail: async ({ user: account, url }) => {
        await mailer.enqueue({
          kind: 'verification',
          to: account.email,
          ...verificationEmail(config.storeName, withCallback(url, config.publicUrl)),
        });
      },
      // Sessions opened before the address was proven may belong to someone who signed up with
      // another person's email: they all end.
      afterEmailVerification: async (verified) => {
        await db.delete(session).where(eq(session.userId, verified.id));
        // ADMIN_EMAILS makes an address admin once its owner has proven it, not on sign-up.
        if (adminEmails.has(verified.email.toLowerCase())) {
          await promoteConfiguredAdmins(db, [verified.email], log);
        }
      },
    },
    account: {
      // A Google sign-in joins an existing account with the same email only when Google says the
      // address is verified (google is deliberately not a "trusted" provider) and the local account
      // verified it too: otherwise whoever registered the address first would share the account.
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    user: {
      additionalFields: {
        // `input: false`: a sign-up or profile call can never set these.
        role: { type: 'string', required: false, defaultValue: 'User', input: false },
        phone: { type: 'string', required: false, input: false },
        linkedin: { type: 'string', required: false, input: false },
        education: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // The store's own limiter (PostgreSQL-backed, per address and per email) guards these routes.
    rateLimit: { enabled: false },
    plugins: google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                name: 'Google',
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                discoveryUrl: google.discoveryUrl,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                authentication: 'post',
                mapProfileToUser: (profile) => ({
                  name: cleanName(profile.name) ?? cleanName(profile.email) ?? 'Google user',
                  image: cleanImage(profile.picture, { googlePhotos: true }) ?? undefined,
                  emailVerified: profile.email_verified === true,
                }),
              },
            ],
          }),
        ]
      : [],
    advanced: {
      cookiePrefix: 'toolyard',
      useSecureCookies: isSecure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isSecure },
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    databaseHooks: {
      user: {
        // Every way into the user table passes here (sign-up, Google, profile changes), after the
        // routes' own validation: names and photos are stored clean whatever the path.
        create: {
          before: async (data) => {
            const email = String(data.email).toLowerCase();
            return {
              data: {
                ...data,
                name: cleanName(data.name) ?? email,
                image: cleanImage(data.image, { googlePhotos: true }),
                // Only a proven address (a Google account's, say) is admin from the start; a
                // sign-up becomes admin when its email is confirmed (afterEmailVerification).
                role: adminEmails.has(email) && data.emailVerified === true ? 'Admin' : 'User',
              },
            };
          },
        },
        update: {
          before: async (data) => {
            const changes = { ...data };
            if ('name' in changes) {
              const name = cleanName(changes.name);
              if (name) changes.name = name;
              else delete changes.name;
            }
            if ('image' in changes) {
              changes.image = cleanImage(changes.image, { googlePhotos: true });
            }
            return { data: changes };
          },
        },
      },
    },
    // Errors that are not the account service's own answers (a failing query) are thrown to the
    // store's error handler, which logs them as one structured line and answers a problem.
    onAPIError: { throw: true },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const err = args.find((arg) => arg instanceof Error);
        // Thrown on to the store's error handler, which logs a busy pool once, as a warning.
        if (err && isPoolExhausted(err)) return;
        const method = level === 'debug' || level === 'info' || level === 'warn' ? level : 'error';
        // Its messages may carry what a client sent (a refused callback URL): kept short.
        const text = message.length > 200 ? `${message.slice(0, 200)}…` : message;
        log[method]({ ...(err ? { err } : {}) }, `auth: ${text}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Verification links land on the page that says the email is confirmed, unless told otherwise. */
function withCallback(url: string, publicUrl: string): string {
  const link = new URL(url);
  const callback = link.searchParams.get('callbackURL');
  if (!callback || callback === '/') {
    link.searchParams.set('callbackURL', `${publicUrl}${AUTH_PAGES.emailVerified}`);
  }
  return link.toString();
}
