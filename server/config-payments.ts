import { z } from 'zod';
import { EmailSchema } from '../contract/common.ts';
import { CountrySchema, taxNumberCountry } from '../contract/countries.ts';
import { EU_COUNTRIES } from '../contract/tax.ts';
import { booleanish } from './config-values.ts';
import type { SellerDetails } from './db/schema.ts';

// Card payments and invoices: Stripe's keys, how long an order waits for its payment, the tax
// prices include and who sells. Part of server/config.ts's one environment schema; every variable
// is documented in README.md and .env.example.

export const paymentEnvShape = {
  STRIPE_SECRET_KEY: z
    .string()
    .startsWith('sk_', { error: 'Must be a Stripe secret key (sk_...).' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .startsWith('pk_', { error: 'Must be a Stripe publishable key (pk_...).' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', { error: 'Must be a webhook signing secret (whsec_...).' })
    .optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' }).optional(),
  PAYMENT_WINDOW_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 90)
    .default(24),
  TAX_RATE: z.coerce
    .number({ error: 'Must be a percentage such as 20 or 7.5.' })
    .min(0, { error: 'Must be a percentage from 0 to 100.' })
    .max(100, { error: 'Must be a percentage from 0 to 100.' })
    .refine((rate) => Number.isInteger(Math.round(rate * 1e6) / 1e4), {
      error: 'Must have at most two decimals (e.g. 7.25).',
    })
    .default(0),
  PRICES_INCLUDE_TAX: booleanish.default(true),
  SELLER_COUNTRY: CountrySchema.optional(),
  SELLER_NAME: z.string().trim().min(1).max(200).optional(),
  SELLER_ADDRESS: z.string().trim().min(1).max(500).optional(),
  SELLER_TAX_ID: z.string().trim().min(1).max(64).optional(),
  SELLER_EMAIL: EmailSchema.optional(),
};

const paymentEnvSchema = z.object(paymentEnvShape);
type PaymentEnv = z.output<typeof paymentEnvSchema>;

export interface InvoiceSettings {
  /**
   * The store's own tax rate in basis points (TAX_RATE 20 → 2000): the rate prices include (unless
   * PRICES_INCLUDE_TAX is false) and the rate of a destination without a rate of its own.
   */
  taxRateBasisPoints: number;
  /** Whether the stored prices include tax at `taxRateBasisPoints` (PRICES_INCLUDE_TAX). */
  pricesIncludeTax: boolean;
  /**
   * The store's own country (SELLER_COUNTRY, or the country code SELLER_TAX_ID begins with); null
   * when neither says. A typed address without a country is taken to be in it (decision 072).
   */
  sellerCountry: string | null;
  /**
   * The seller's country when it is an EU member state: only then does the reverse charge apply;
   * null otherwise.
   */
  euSellerCountry: string | null;
  seller: SellerDetails;
}

export interface PaymentSettings {
  /** Stripe when all three keys are set; otherwise the built-in test gateway. */
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    apiBase: string | undefined;
  } | null;
  /** Unpaid orders older than this are cancelled and their stock returned. */
  paymentWindowMs: number;
  /** What invoices say: the tax prices include and who sells. */
  invoicing: InvoiceSettings;
}

/** The payment settings, or the problems with them (each named by its variables). */
export function paymentSettings(
  e: PaymentEnv,
  /** Who sells when SELLER_* leave it open: the store, or the demo company of a demo store. */
  defaultSeller: SellerDetails,
): { settings: PaymentSettings; problems: string[] } {
  const stripeKeys = [
    e.STRIPE_SECRET_KEY,
    e.STRIPE_PUBLISHABLE_KEY,
    e.STRIPE_WEBHOOK_SECRET,
  ].filter(Boolean);
  const problems =
    stripeKeys.length > 0 && stripeKeys.length < 3
      ? [
          'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: Set all three for Stripe, or none for the test gateway.',
        ]
      : [];
  const sellerCountry =
    e.SELLER_COUNTRY ?? taxNumberCountry(e.SELLER_TAX_ID ?? defaultSeller.taxId);
  const settings: PaymentSettings = {
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : null,
    paymentWindowMs: e.PAYMENT_WINDOW_HOURS * 3_600_000,
    invoicing: {
      taxRateBasisPoints: Math.round(e.TAX_RATE * 100),
      pricesIncludeTax: e.PRICES_INCLUDE_TAX,
      sellerCountry,
      euSellerCountry: euCountryOf(sellerCountry),
      seller: {
        name: e.SELLER_NAME ?? defaultSeller.name,
        // One line in the environment: "\n" (backslash, n) starts a new line of the address.
        address: e.SELLER_ADDRESS?.replaceAll('\\n', '\n') ?? defaultSeller.address,
        taxId: e.SELLER_TAX_ID ?? defaultSeller.taxId,
        email: e.SELLER_EMAIL ?? defaultSeller.email,
      },
    },
  };
  return { settings, problems };
}

function euCountryOf(country: string | null | undefined): string | null {
  return country && EU_COUNTRIES.has(country) ? country : null;
}
