import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetEmail, verificationEmail } from './auth-emails.ts';

export type AuthConfig = Pick<
  Config,
  'publicUrl' | 'trustedOrigins' | 'sessionSecret' | 'storeName' | 'adminEmails' | 'google'
>;

/** Where the links in account emails land in the web app. */
export const AUTH_PAGES = {
  emailVerified: '/email-verified',
  resetPassword: '/reset-password',
} as const;

/**
 * Accounts and sessions (Better Auth, stored in PostgreSQL): email + password with verification
 * and reset emails, and Google sign-in over OpenID Connect when configured.
 */
export function createAuth(config: AuthConfig, db: Db, mailer: Mailer, log: Logger) {
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
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Unverified customers may sign in (and are told to verify); ordering needs verification.
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: account, url }) => {
        await mailer.enqueue({
          kind: 'password_reset',
          to: account.email,
          ...passwordResetEmail(config.storeName, account.name, url),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: account, url }) => {
        await mailer.enqueue({
          kind: 'verification',
          to: account.email,
          ...verificationEmail(config.storeName, account.name, withCallback(url, config.publicUrl)),
        });
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
    // The store's own limiter (PostgreSQL-backed, per IP and per email) guards these routes.
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
                  name:
                    typeof profile.name === 'string' && profile.name
                      ? profile.name
                      : String(profile.email ?? ''),
                  image: typeof profile.picture === 'string' ? profile.picture : undefined,
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
    },
    databaseHooks: {
      user: {
        create: {
          before: async (data) => {
            const email = String(data.email).toLowerCase();
            return { data: { ...data, role: adminEmails.has(email) ? 'Admin' : 'User' } };
          },
        },
      },
    },
    logger: {
      log: (level, message, ...args) => {
        const method =
          level === 'debug'
            ? 'debug'
            : level === 'info'
              ? 'info'
              : level === 'warn'
                ? 'warn'
                : 'error';
        log[method]({ args }, `auth: ${message}`);
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
