import { z } from 'zod';
import { route } from './common.ts';

export const PublicConfigSchema = z.object({
  storeName: z.string(),
  currency: z.string(),
  signIn: z.object({ emailPassword: z.boolean(), google: z.boolean() }),
  payments: z.object({
    provider: z.enum(['test', 'stripe']),
    publishableKey: z.string().nullable(),
    /** A live store on the test gateway (PAYMENTS=test): every page says no payment is real. */
    isTestModeAnnounced: z.boolean(),
  }),
  /** The company's own profiles on other sites (SOCIAL_LINKS), with the site's name; may be none. */
  socialLinks: z.array(z.object({ label: z.string(), url: z.string() })),
  /** What one customer may hold unpaid, and for how long (see `unpaidShareCap`). */
  unpaid: z.object({
    ordersMax: z.int(),
    stockSharePercent: z.int(),
    paymentWindowHours: z.number(),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** 200 with this body when healthy; 503 problem+json (`service_unavailable`) otherwise. */
export const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const systemRoutes = {
  config: route({
    method: 'GET',
    path: '/config',
    access: 'public',
    summary: "Read the store's public settings",
    description:
      'The public store settings: name, currency (every amount is in its minor units), sign-in and payment options, and what one customer may hold unpaid.',
    returns: 'The settings (cached for a minute).',
    tags: ['system'],
    response: PublicConfigSchema,
    responseHeaders: ['Cache-Control'],
  }),
  health: route({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: "Check the store's health",
    description: 'Healthy while the database answers; never cached.',
    returns: 'The store and its database are up.',
    tags: ['system'],
    response: HealthSchema,
    errors: { 503: 'service_unavailable: the database is not answering.' },
  }),
} as const;
