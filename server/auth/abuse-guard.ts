import type { AuthActionName } from '../../contract/auth-actions.ts';
import type { RateLimitRule } from '../config.ts';
import { addressSubject } from '../http/client-address.ts';
import type { RateLimiter, Refund } from '../http/rate-limit.ts';

export interface AuthLimits {
  /** Per client address, every limited action. */
  perIp: RateLimitRule;
  /** Failed sign-ins per account from one address. */
  perEmail: RateLimitRule;
  /** Account emails (verification, reset, "you already have an account") per address mailed to. */
  mailPerEmail: RateLimitRule;
}

interface GuardRule {
  /** `failures`: an attempt that succeeds is taken back, so using an account never locks it. */
  counts: 'failures' | 'requests';
  /**
   * `sign-in`: the account's count is per client address too, so guessing someone's password from
   * one address never locks the owner out elsewhere. `mail`: per email whatever the address (these
   * actions send mail to it, and its inbox is what the limit protects).
   */
  email?: 'sign-in' | 'mail';
}

/** Account actions an attacker would repeat: guessing passwords, flooding inboxes. */
const RULES: Partial<Record<AuthActionName, GuardRule & { bucket: string }>> = {
  signIn: { bucket: 'si', counts: 'failures', email: 'sign-in' },
  signUp: { bucket: 'su', counts: 'requests', email: 'mail' },
  requestPasswordReset: { bucket: 'rp', counts: 'requests', email: 'mail' },
  sendVerificationEmail: { bucket: 've', counts: 'requests', email: 'mail' },
  // The password typed to confirm a sign-up is a sign-in's: counted with sign-ins' failures.
  confirmSignUp: { bucket: 'si', counts: 'failures', email: 'sign-in' },
  resetPassword: { bucket: 'np', counts: 'failures' },
  changePassword: { bucket: 'cp', counts: 'failures' },
};

/** Told the outcome's status once the action ran: takes back what should not count. */
export type Settle = (status: number) => Promise<void>;

const nothingToSettle: Settle = async () => {};

/**
 * Counts an account action against its limits, after its input was validated and normalised (so
 * nothing malformed is ever counted or stored). Throws 429 when over. The returned function, told
 * the outcome, takes the counts back for a success where only failures count, and the account's
 * count for a 503 (the store was too busy to try).
 */
export async function guardAuthAction(
  limiter: RateLimiter,
  limits: AuthLimits,
  action: AuthActionName,
  address: string,
  body: unknown,
): Promise<Settle> {
  const rule = RULES[action];
  if (!rule) return nothingToSettle;
  const network = addressSubject(address);
  const byAddress = await limiter.hit(`${rule.bucket}:ip`, network, limits.perIp);
  let byEmail: Refund | undefined;
  const email = (body as { email?: unknown } | undefined)?.email;
  if (rule.email && typeof email === 'string') {
    // When this refuses, the address's count stands, as every refused attempt's does.
    byEmail =
      rule.email === 'sign-in'
        ? await limiter.hit(`${rule.bucket}:em`, `${email}\n${network}`, limits.perEmail)
        : await limiter.hit('mail:em', email, limits.mailPerEmail);
  }
  return async (status) => {
    if (status < 400 && rule.counts === 'failures') {
      await Promise.all([byAddress(), byEmail?.()]);
    } else if (status === 503) {
      // Too busy to try: the account's count is taken back (a customer's own retries must not
      // lock them out), the address's stands (so a flood still runs into its limit).
      await byEmail?.();
    }
  };
}
