import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema.ts';

export type AuthConfig = Pick<
  Config,
  'publicUrl' | 'trustedOrigins' | 'sessionSecret' | 'storeName' | 'adminEmails'
>;

/**
 * Accounts and sessions (Better Auth, stored in PostgreSQL). Email verification, password reset,
 * Google sign-in and rate limits plug in here.
 */
export function createAuth(config: AuthConfig, db: Db, log: Logger) {
  const adminEmails = new Set(config.adminEmails);
  const isSecure = config.publicUrl.startsWith('https://');
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
    rateLimit: { enabled: false },
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
