import Stripe from 'stripe';
import type { Config } from '../../config.ts';

/** Stripe's own library; STRIPE_API_BASE points it elsewhere (a local stand-in in tests). */
export function createStripeClient(stripe: NonNullable<Config['stripe']>): Stripe {
  const base = stripe.apiBase ? new URL(stripe.apiBase) : undefined;
  return new Stripe(stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}
