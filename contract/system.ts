import { z } from 'zod';
import { route } from './common.ts';

export const PublicConfigSchema = z.object({
  storeName: z.string(),
  currency: z.string(),
  signIn: z.object({ emailPassword: z.boolean(), google: z.boolean() }),
  payments: z.object({
    provider: z.enum(['test', 'stripe']),
    publishableKey: z.string().nullable(),
  }),
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
export type Health = z.infer<typeof HealthSchema>;

export const systemRoutes = {
  config: route({
    method: 'GET',
    path: '/config',
    access: 'public',
    summary:
      'Public store settings: name, currency, sign-in and payment options, unpaid-order caps.',
    tags: ['system'],
    response: PublicConfigSchema,
  }),
  health: route({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Health: 200 when the database answers, 503 otherwise.',
    tags: ['system'],
    response: HealthSchema,
  }),
} as const;
