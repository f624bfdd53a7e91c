import { z } from 'zod';
import { taxNumberCountry } from '../contract/countries.ts';
import { joinWords } from '../contract/format.ts';

// What a production store must be told before it opens, and the two shortcuts (test payments, mail
// kept in a folder) it takes only when they are chosen by name. Part of server/config.ts's one
// environment schema; README.md "Going live" and docs/decisions/029 explain each refusal.

export const goingLiveEnvShape = {
  PAYMENTS: z.enum(['stripe', 'test'], { error: 'Must be stripe or test.' }).optional(),
  MAIL: z.enum(['smtp', 'outbox'], { error: 'Must be smtp or outbox.' }).optional(),
};

type RawEnv = Record<string, string | undefined>;

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'];
const SELLER_SETTINGS = ['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_TAX_ID'];

const isSet = (env: RawEnv, name: string) => Boolean(env[name]?.trim());

/** "A", "A and B", "A, B and C". */
function names(list: string[]): string {
  return joinWords(list);
}

/**
 * Every setting a production store lacks, each with what to set. Read from the raw environment, so
 * the list comes whole even when other values are malformed.
 */
export function productionProblems(env: RawEnv): string[] {
  const problems: string[] = [];
  if (!isSet(env, 'SESSION_SECRET')) {
    problems.push(
      'SESSION_SECRET: Required in production: at least 32 random characters, the same on every instance (it signs the session cookies).',
    );
  }
  if (!env.PUBLIC_URL?.trim().startsWith('https://')) {
    problems.push(
      'PUBLIC_URL: Required in production: the https:// address customers use (session cookies are sent over https only).',
    );
  }
  if (!STRIPE_KEYS.some((name) => isSet(env, name)) && env.PAYMENTS !== 'test') {
    problems.push(
      `${names(STRIPE_KEYS)}: Required in production to take card payments. To run the test gateway instead (test cards, no money taken, every page says so), set PAYMENTS=test.`,
    );
  }
  if (!isSet(env, 'SMTP_URL') && env.MAIL !== 'outbox') {
    problems.push(
      'SMTP_URL: Required in production to send mail (account confirmations, password resets, receipts). To keep mail in DATA_DIR/outbox instead, where no customer receives it, set MAIL=outbox.',
    );
  }
  const missingSeller = SELLER_SETTINGS.filter((name) => !isSet(env, name));
  if (missingSeller.length > 0) {
    problems.push(
      `${names(missingSeller)}: Required in production: every invoice names the seller, their address and their VAT or tax number.`,
    );
  }
  if (
    isSet(env, 'SELLER_TAX_ID') &&
    !isSet(env, 'SELLER_COUNTRY') &&
    taxNumberCountry(env.SELLER_TAX_ID) === null
  ) {
    problems.push(
      "SELLER_COUNTRY: Required in production when SELLER_TAX_ID does not begin with the seller's country code (GB, IE): orders to an address typed without a country are delivered and taxed as in the store's own country.",
    );
  }
  return problems;
}

/** PAYMENTS and MAIL must agree with the settings they name, in every mode. */
export function chosenModeProblems(env: RawEnv): string[] {
  const problems: string[] = [];
  const stripeKeys = STRIPE_KEYS.filter((name) => isSet(env, name));
  if (env.PAYMENTS === 'test' && stripeKeys.length > 0) {
    problems.push(
      `PAYMENTS: test, but ${names(stripeKeys)} ${stripeKeys.length > 1 ? 'are' : 'is'} set. Remove PAYMENTS to take payments through Stripe, or the Stripe keys to run the test gateway.`,
    );
  }
  if (env.PAYMENTS === 'stripe' && stripeKeys.length === 0) {
    problems.push(`PAYMENTS: stripe needs ${names(STRIPE_KEYS)}.`);
  }
  if (env.MAIL === 'outbox' && isSet(env, 'SMTP_URL')) {
    problems.push(
      'MAIL: outbox, but SMTP_URL is set. Remove MAIL to send mail through SMTP_URL, or SMTP_URL to keep mail in the outbox folder.',
    );
  }
  if (env.MAIL === 'smtp' && !isSet(env, 'SMTP_URL')) {
    problems.push('MAIL: smtp needs SMTP_URL.');
  }
  return problems;
}

/** What a production store says at every start when it runs with a shortcut chosen by name. */
export function productionWarnings(env: RawEnv): string[] {
  const warnings: string[] = [];
  if (env.PAYMENTS === 'test') {
    warnings.push(
      'PAYMENTS=test: this store takes test cards and no money, and every page says "Test mode". Set the Stripe keys (and remove PAYMENTS) to take payments.',
    );
  }
  if (env.MAIL === 'outbox') {
    warnings.push(
      'MAIL=outbox: mail is written to DATA_DIR/outbox and no customer receives it (account confirmations and password resets included). Set SMTP_URL (and remove MAIL) to send it.',
    );
  }
  return warnings;
}
