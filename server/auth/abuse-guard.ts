import type { AuthActionName } from '../../contract/auth.ts';
import type { RateLimitRule } from '../config.ts';
import { addressSubject } from '../http/client-address.ts';
import type { RateLimiter, Refund } from '../http/rate-limit.ts';

export interface AuthLimits {
  perIp: RateLimitRule;
  perEmail: RateLimitRule;
}

interface GuardRule {
  /** `failures`: an attempt that succeeds is taken back, so using an account never locks it. */
  counts: 'failures' | 'requests';
  /**
   * `with-address`: the email's count is per client address, so guessing someone's password
   * from one address never locks the owner out elsewhere. `alone`: per email whatever the address
   * (these actions send mail to it, and its inbox is what the limit protects).
   */
  email?: 'with-address' | 'alone';
}

/** Account actions an attacker would repeat: guessing passwords, flooding inboxes. */
const RULES: Partial<Record<AuthActionName, GuardRule>> = {
  signIn: { counts: 'failures', email: 'with-address' },
  signUp: { counts: 'requests', email: 'alone' },
  requestPasswordReset: { counts: 'requests', email: 'alone' },
  sendVerificationEmail: { counts: 'requests', email: 'alone' },
  resetPassword: { counts: 'failures' },
  changePassword: { counts: 'failures' },
};

const SHORT: Partial<Record<AuthActionName, string>> = {
  signIn: 'si',
  signUp: 'su',
  requestPasswordReset: 'rp',
  sendVerificationEmail: 've',
  resetPassword: 'np',
  changePassword: 'cp',
};

/**
 * Counts an account action against its limits, after its input was validated and normalised (so
 * nothing malformed is ever counted or stored). Throws 429 when over; returns what to call once
 * the action succeeded, or undefined when success counts too.
 */
export async function guardAuthAction(
  limiter: RateLimiter,
  limits: AuthLimits,
  action: AuthActionName,
  address: string,
  body: unknown,
): Promise<Refund | undefined> {
  const rule = RULES[action];
  if (!rule) return undefined;
  const name = SHORT[action] ?? action;
  const network = addressSubject(address);
  const refunds = [await limiter.hit(`${name}:ip`, network, limits.perIp)];
  const email = (body as { email?: unknown } | undefined)?.email;
  if (rule.email && typeof email === 'string') {
    const subject = rule.email === 'with-address' ? `${email}\n${network}` : email;
    // When this refuses, the address's count stands, as every refused attempt's does.
    refunds.push(await limiter.hit(`${name}:em`, subject, limits.perEmail));
  }
  if (rule.counts === 'requests') return undefined;
  return async () => {
    await Promise.all(refunds.map((refund) => refund()));
  };
}
