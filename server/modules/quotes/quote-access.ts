import { placesOrders, readsCompanyOrders } from '../../../contract/companies.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { membershipOf } from '../companies/index.ts';
import type { QuoteRow, QuoteScope } from './quotes.repo.ts';

/**
 * Who may do what with a quote, read from the database on every request (a member removed or
 * given another role is held to it at once): the buyer who asked answers it; their company's owner
 * too; the company's approvers and viewers read it; anyone else neither (admins use the store's
 * routes). The company is the one the quote recorded when it was asked for.
 */
type QuoteAccess = 'act' | 'read' | null;

async function accessOf(tx: Tx, user: SessionUser, quote: QuoteRow): Promise<QuoteAccess> {
  const isAsker = quote.userId === user.id;
  if (quote.companyId === null) return isAsker ? 'act' : null;
  const membership = await membershipOf(tx, user.id);
  const role = membership?.companyId === quote.companyId ? membership.role : null;
  // Who asked in a company's name answers only while they still order for it: removed, or made
  // an approver or a viewer, they read what they asked for and can no longer accept it.
  if (isAsker) return role !== null && placesOrders(role) ? 'act' : 'read';
  if (role === null || !readsCompanyOrders(role)) return null;
  return role === 'owner' ? 'act' : 'read';
}

/** The quotes a customer's list shows: their own, and their company's unless they are a buyer. */
export async function scopeOf(tx: Tx, user: SessionUser): Promise<QuoteScope> {
  const membership = await membershipOf(tx, user.id);
  if (!membership || !readsCompanyOrders(membership.role)) return { userId: user.id };
  return { userId: user.id, companyId: membership.companyId };
}

export const quoteNotFound = () => notFound('This quote does not exist.');

const NOT_THEIRS = 'This quote belongs to another customer.';

/** The quote may be read by the caller (admins read every quote); throws 404 or 403. */
export async function assertCanRead(
  tx: Tx,
  user: SessionUser,
  quote: QuoteRow | undefined,
): Promise<{ quote: QuoteRow; canAct: boolean }> {
  if (!quote) throw quoteNotFound();
  const access = await accessOf(tx, user, quote);
  if (access === null && user.role !== 'Admin') throw forbidden(NOT_THEIRS);
  return { quote, canAct: access === 'act' };
}

/** The caller answers the quote for the buyer's side; throws 404 or 403. */
export async function assertCanAct(
  tx: Tx,
  user: SessionUser,
  quote: QuoteRow | undefined,
): Promise<QuoteRow> {
  if (!quote) throw quoteNotFound();
  const access = await accessOf(tx, user, quote);
  if (access === 'act') return quote;
  throw forbidden(
    access === 'read'
      ? "You can read this quote; only the company's owner, and the buyer who asked while they still buy for the company, answer it."
      : NOT_THEIRS,
  );
}

const CLOSED_WORDS: Record<string, string> = {
  accepted: 'was accepted',
  declined: 'was declined',
  refused: 'was refused',
  withdrawn: 'was withdrawn',
};

/** A quote still asked for or offered; a closed one refuses any change with a sentence. */
export function assertOpen(quote: QuoteRow): void {
  const words = CLOSED_WORDS[quote.status];
  if (words) {
    throw conflict('quote_closed', `This quote ${words}: nothing more can change on it.`);
  }
}

/** A day (`2026-12-15`, UTC) from today to `maxDays` ahead, or a 400 on `field`. */
export function assertDayAhead(field: string, day: string, maxDays: number, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const last = new Date(now.getTime() + maxDays * 86_400_000).toISOString().slice(0, 10);
  if (day < today) throw fieldError(field, 'Must be today or later.');
  if (day > last) throw fieldError(field, `Must be at most ${maxDays} days from today.`);
}

/** The end of a day (UTC): an offer holds through its last day. */
export const endOfDay = (day: string) => new Date(`${day}T23:59:59.999Z`);

export const messagesFull = (max: number) =>
  new AppError(
    409,
    'quote_limit',
    `This quote already holds ${max} messages, the most one quote can have. Please call or email us to go on.`,
  );
