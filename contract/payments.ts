import { z } from 'zod';
import {
  IdParamsSchema,
  IdSchema,
  MoneySchema,
  plainText,
  route,
  TimestampSchema,
} from './common.ts';
import { OrderNumberSchema, OrderStatusSchema } from './orders.ts';

/** What the payment page needs to know about an order. */
export const PaymentOrderSchema = z.object({
  _id: IdSchema,
  number: OrderNumberSchema,
  name: z.string(),
  email: z.string(),
  productName: z.string(),
  orderedNum: z.int(),
  totalAmount: MoneySchema,
  currency: z.string(),
  status: OrderStatusSchema,
  transactionId: z.string().nullable(),
  /** Why the last attempt failed (a decline), if it did. */
  paymentFailure: z.string().nullable(),
  /** Unpaid by then, the order is cancelled. */
  paymentDueAt: TimestampSchema,
});
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>;

/** Luhn checksum over the digits of a card number. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** An expiry as printed on cards: `MM/YY` (or `MM/YYYY`), spaces around the slash allowed. */
const EXPIRY_FORMAT = /^\s*(\d{2})\s*\/\s*(\d{2}|\d{4})\s*$/;
/** A month from 01 to 12, or not the format at all (which EXPIRY_FORMAT's message covers). */
const EXPIRY_MONTH = /^(?:(?!\s*\d{2}\s*\/\s*(?:\d{2}|\d{4})\s*$)|\s*(?:0[1-9]|1[0-2])\s*\/)/;
const FORMAT_PROBLEM = 'Use the format MM/YY.';
const MONTH_PROBLEM = 'The month must be from 01 to 12.';
const EXPIRED = 'This card has expired.';

/**
 * What is wrong with an expiry as printed on cards (`MM/YY`), in one sentence, or undefined when it
 * is a real month that is not over.
 */
export function expiryProblem(value: string, now = new Date()): string | undefined {
  const match = EXPIRY_FORMAT.exec(value);
  if (!match) return FORMAT_PROBLEM;
  if (!EXPIRY_MONTH.test(value)) return MONTH_PROBLEM;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  const isOver =
    year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  return isOver ? EXPIRED : undefined;
}

/** The built-in test gateway's card form. The number is never stored or logged. */
export const PayWithCardBodySchema = z.strictObject({
  cardNumber: z
    .string()
    .max(30, { error: 'Enter a card number.' })
    // 12 to 19 digits, spaces and dashes between them as printed.
    .regex(/^[\s-]*(?:\d[\s-]*){12,19}$/, {
      error: 'Enter the 12 to 19 digits of the card number.',
    })
    .refine((value) => passesLuhn(cardDigits(value)), {
      error: 'This card number is not valid. Check it for typos.',
    })
    .describe('12 to 19 digits (spaces and dashes allowed) that pass the Luhn check.'),
  expiry: z
    .string()
    .max(7, { error: FORMAT_PROBLEM })
    .regex(EXPIRY_FORMAT, { error: FORMAT_PROBLEM })
    .regex(EXPIRY_MONTH, { error: MONTH_PROBLEM })
    // The format and the month are the patterns above; whether the month is over is today's to say.
    .refine((value) => expiryProblem(value) !== EXPIRED, { error: EXPIRED })
    .describe('MM/YY or MM/YYYY, a month that is not over.'),
  cvc: z.string().regex(/^\d{3,4}$/, { error: 'Enter the 3 or 4 digits on the back of the card.' }),
  nameOnCard: plainText(2, 100),
});
export type PayWithCardBody = z.infer<typeof PayWithCardBodySchema>;

export const PaymentResultSchema = z.object({
  orderId: IdSchema,
  status: z.literal('paid'),
  transactionId: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const StripeIntentSchema = z.object({
  clientSecret: z.string(),
  publishableKey: z.string(),
});
export type StripeIntent = z.infer<typeof StripeIntentSchema>;

const PAYING_REFUSED = {
  403: 'Only the customer who placed the order pays it.',
  409: 'order_not_payable: the order is already paid, was cancelled or rejected, or waits for approval.',
  429: 'rate_limited: too many payments or changes by this customer in a short time.',
} as const;

export const paymentRoutes = {
  get: route({
    method: 'GET',
    path: '/payment/:id',
    access: 'user',
    summary: 'Read the order to pay',
    description: 'What the payment page shows of an order, for its customer and for admins.',
    returns: 'The order to pay: its number, total, status and deadline.',
    tags: ['payments'],
    params: IdParamsSchema,
    response: PaymentOrderSchema,
    errors: { 403: "The order is another customer's.", 404: 'No order with this id.' },
  }),
  payWithTestCard: route({
    method: 'POST',
    path: '/payment/:id',
    access: 'user',
    summary: 'Pay with a test card',
    description:
      'Test mode only: pays an unpaid order with a test card (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined). The server decides the outcome; the card number is never stored or logged.',
    returns: 'The payment: the order is paid.',
    tags: ['payments'],
    params: IdParamsSchema,
    body: PayWithCardBodySchema,
    response: PaymentResultSchema,
    errors: {
      ...PAYING_REFUSED,
      402: 'card_declined: the card was declined; nothing was taken, and the order stays unpaid.',
      404: 'No order with this id, or the store takes payments through Stripe (no test cards).',
    },
  }),
  createStripeIntent: route({
    method: 'POST',
    path: '/payment/:id/intent',
    access: 'user',
    summary: 'Start a Stripe payment',
    description:
      "Stripe mode only: the PaymentIntent for an unpaid order, created once with the order's amount and currency, then reused; the page completes it with Stripe.js.",
    returns: "The PaymentIntent's client secret and the store's publishable key.",
    tags: ['payments'],
    params: IdParamsSchema,
    body: z.strictObject({}),
    response: StripeIntentSchema,
    errors: {
      ...PAYING_REFUSED,
      404: 'No order with this id, or the store runs the built-in test gateway (no Stripe).',
      502: 'payment_provider_error: Stripe did not answer; try again.',
    },
  }),
} as const;
