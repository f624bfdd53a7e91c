import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../contract/users.ts';
import { timestamps } from './columns.ts';

/** Better Auth's tables, with the store's profile fields and role on `user`. */

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ROLES }).notNull().default('User'),
    phone: text('phone'),
    linkedin: text('linkedin'),
    education: text('education'),
    companyName: text('company_name'),
    vatNumber: text('vat_number'),
    billingAddress: text('billing_address'),
    ...timestamps,
  },
  (t) => [
    check('user_role_check', sql`${t.role} in ('Admin', 'User')`),
    // Admins find people by any part of their name or email (ILIKE '%…%').
    index('user_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('user_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * A sign-up waiting for its email to be confirmed: no account exists until then. Each sign-up (and
 * each "send it again") is a row of its own with its own token, mailed to the address; the first
 * one confirmed becomes the account and the others go (server/auth/sign-ups.ts, decision 030).
 */
export const pendingSignUp = pgTable(
  'pending_sign_up',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    image: text('image'),
    passwordHash: text('password_hash').notNull(),
    /** SHA-256 of the token in the emailed link (the token itself is never stored). */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pending_sign_up_email_idx').on(t.email),
    index('pending_sign_up_expires_at_idx').on(t.expiresAt),
  ],
);
