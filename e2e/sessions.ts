import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { TEST_PASSWORD, TEST_PASSWORD_HASH } from '../server/testing/test-password.ts';
import { connect } from './database.ts';
import type { Account } from './fixtures.ts';

/**
 * Accounts and sessions a journey needs but does not test, written to the store's database as a
 * confirmed sign-up and a sign-in leave them (docs/decisions/071): no scrypt, no mail to wait for.
 * Signing up and signing in are tested through the screens where they are the subject
 * (customer-orders, password-reset, forms, layout, cart-details, google-sign-in, firefox...), and
 * `signUp` in fixtures.ts still goes through the store's own routes.
 */

/** The session cookie as a browser holds it (Playwright's cookie shape). */
export interface SessionCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Lax';
}

const SESSION_DAYS = 30;

/**
 * The account a confirmed sign-up makes: verified, signing in with a password (the hash of
 * TEST_PASSWORD made once, server/testing/test-password.ts), a customer.
 */
export async function createAccount(person: Account): Promise<void> {
  if (person.password !== TEST_PASSWORD)
    throw new Error(
      `${person.email} needs TEST_PASSWORD (newAccount gives it) to be made directly`,
    );
  const client = await connect();
  try {
    const id = randomUUID();
    const made = await client.query(
      `insert into "user" (id, name, email, email_verified, role) values ($1, $2, $3, true, 'User')
       on conflict (email) do nothing`,
      [id, person.name, person.email.toLowerCase()],
    );
    if (made.rowCount !== 1) throw new Error(`${person.email} has an account already`);
    await client.query(
      `insert into account (id, account_id, provider_id, user_id, password)
       values ($1, $2, 'credential', $2, $3)`,
      [randomUUID(), id, TEST_PASSWORD_HASH],
    );
  } finally {
    await client.end();
  }
}

/**
 * A session of the account with this email, as signing in makes one: a row, and its token signed
 * with the store's session secret as Better Auth signs its cookie (HMAC-SHA256, base64).
 */
export async function sessionCookie(email: string): Promise<SessionCookie> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (e2e/global-setup.ts sets it).');
  const secret = readFileSync(path.join(dataDir, 'secrets', 'session-secret'), 'utf8').trim();
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3_600_000);
  const client = await connect();
  try {
    const opened = await client.query(
      `insert into session (id, token, user_id, expires_at)
       select $1, $2, id, $3 from "user" where email = lower($4)`,
      [randomUUID(), token, expiresAt, email],
    );
    if (opened.rowCount !== 1) throw new Error(`${email} has no account`);
  } finally {
    await client.end();
  }
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (playwright.config.ts sets it).');
  return {
    name: 'toolyard.session_token',
    value: encodeURIComponent(`${token}.${signature}`),
    domain: 'localhost',
    path: '/',
    expires: Math.floor(expiresAt.getTime() / 1000),
    httpOnly: true,
    secure: false,
    sameSite: 'Lax',
  };
}

/** The page's browser (and `page.request`) signed in as this existing account. */
export async function signedIn(target: Page | BrowserContext, person: Account): Promise<void> {
  const context = 'context' in target ? target.context() : target;
  await context.addCookies([await sessionCookie(person.email)]);
}

/** A new account, as a confirmed sign-up leaves it, and the page's browser signed in as it. */
export async function signedUp(target: Page | BrowserContext, person: Account): Promise<void> {
  await createAccount(person);
  await signedIn(target, person);
}
