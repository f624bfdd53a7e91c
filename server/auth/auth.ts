import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../contract/auth.ts';
import type { Config } from '../config.ts';
import { type Db, isPoolExhausted } from '../db/client.ts';
import { account, pendingSignUp, session, user, verification } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetEmail } from './auth-emails.ts';
import type { PasswordHashing } from './password-hashing.ts';
import { cleanImage, cleanName } from './profile-rules.ts';

export type AuthConfig = Pick<
  Config,
  'publicUrl' | 'trustedOrigins' | 'sessionSecret' | 'storeName' | 'adminEmails' | 'google'
>;

/**
 * The client's address as the store resolved it (TRUST_PROXY), set by the mount on every request it
 * hands to Better Auth; whatever a client sends under this name is replaced.
 */
export const CLIENT_ADDRESS_HEADER = 'x-toolyard-client-address';

const COOKIE_PREFIX = 'toolyard';

/**
 * The one name of the session cookie: `__Secure-` prefixed when PUBLIC_URL is https (Better Auth's
 * `useSecureCookies`), so browsers accept it only over https. Every reader uses this name alone.
 */
export function sessionCookieName(publicUrl: string): string {
  const name = `${COOKIE_PREFIX}.session_token`;
  return publicUrl.startsWith('https://') ? `__Secure-${name}` : name;
}

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
      // Sign-up is the store's own (server/auth/sign-ups.ts): no account exists until its email
      // is confirmed (decision 030). This route of the account service is never reached.
      autoSignIn: false,
      // Every account made since decision 030 has a confirmed email; the rule for ordering stays.
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
    account: {
      // A Google sign-in joins an existing account with the same email only when Google says the
      // address is verified (google is deliberately not a "trusted" provider) and the local account
      // verified it too (every account has, since sign-ups wait unconfirmed outside the user table).
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
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: isSecure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isSecure },
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    databaseHooks: {
      user: {
        // Every way into the user table passes here (sign-up, Google, profile changes), after the
        // routes' own validation: names and photos are stored clean whatever the path.
        // Only Google sign-in makes accounts through the account service (sign-ups are the store's
        // own): it makes one only for an address Google vouches for.
        create: {
          before: async (data) => {
            if (data.emailVerified !== true) return false;
            const email = String(data.email).toLowerCase();
            return {
              data: {
                ...data,
                name: cleanName(data.name) ?? email,
                image: cleanImage(data.image, { googlePhotos: true }),
                // A proven address: ADMIN_EMAILS applies from the start.
                role: adminEmails.has(email) ? 'Admin' : 'User',
              },
            };
          },
          // The address now has its account: sign-ups waiting for it can never become one.
          after: async (created) => {
            await db.delete(pendingSignUp).where(eq(pendingSignUp.email, created.email));
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
