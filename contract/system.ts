import { z } from 'zod';
import { route } from './common.ts';

export const PublicConfigSchema = z.object({
  storeName: z.string(),
  currency: z.string(),
  /**
   * The store's own country (SELLER_COUNTRY), or null when it names none: an address typed without
   * a country is taken to be in it, and checkout offers it first.
   */
  country: z.string().nullable(),
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

/**
 * 200 with this body when this instance should be sent requests: its database answers, every
 * migration it knows is applied, its change feed listens and it is not shutting down. 503
 * problem+json (`not_ready`) otherwise, the reason in its detail.
 */
const ReadySchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  migrations: z.literal('ok'),
  changeFeed: z.literal('ok'),
});

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
  ready: route({
    method: 'GET',
    path: '/ready',
    access: 'public',
    summary: 'Check whether this instance takes requests',
    description:
      "Ready while this instance's database answers, every migration it knows is applied, its change feed listens (its caches are true) and it is not shutting down. A load balancer or an orchestrator sends requests only to ready instances; `/health` says only that the process is alive. Never cached.",
    returns: 'This instance is ready for requests.',
    tags: ['system'],
    response: ReadySchema,
    errors: {
      503: 'not_ready: this instance should not be sent requests now; the detail says why (shutting down, the database not answering, migrations pending, the change feed not listening).',
    },
  }),
} as const;
