import { z } from 'zod';
import { IdSchema, MoneySchema, multilineText, pageFields, TimestampSchema } from './common.ts';
import { MAX_ORDER_LINES } from './order-limits.ts';
import { PlaceOrderBodySchema } from './order-placement.ts';
import { OrderNumberSchema, OrderStatusSchema } from './orders.ts';
import { MAX_PRICE } from './pricing.ts';
import {
  OFFER_VALIDITY_MAX_DAYS,
  QUOTE_AUTHORS,
  QUOTE_MESSAGE_MAX_CHARS,
  QUOTE_STATUSES,
  WANTED_BY_MAX_DAYS,
} from './quotes.ts';

/** What a quote is as every quote route answers it, and what the routes take. */

const QuoteStatusSchema = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatusSchema>;

const QuoteNumberSchema = z
  .string()
  .regex(/^Q-[1-9][0-9]*$/)
  .describe('The quote number people read and say: Q- and a sequential number, e.g. Q-1042.');

/** A day, `2026-12-15` (UTC). */
const DaySchema = z.iso.date({ error: 'Must be a date such as 2026-12-15.' });

const QuoteLineSchema = z.object({
  /** 1, 2, … in the order the buyer's cart listed them. */
  position: z.int().min(1),
  toolId: IdSchema,
  /** The tool's name and SKU when the quote was asked for. */
  productName: z.string(),
  sku: z.string(),
  quantity: z.int().min(1),
  /** The listed unit price for this quantity when the quote was asked for (volume prices applied). */
  listUnitPrice: MoneySchema,
  /** The store's unit price; null before an offer, and in an offer for a line not offered. */
  offeredUnitPrice: MoneySchema.nullable(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

const QuoteMessageSchema = z.object({
  _id: IdSchema,
  /** The author's name as it was when they wrote. */
  authorName: z.string(),
  /** customer: the buyer's side; store: the store's team. */
  authorSide: z.enum(QUOTE_AUTHORS),
  body: z.string(),
  createdAt: TimestampSchema,
});
export type QuoteMessage = z.infer<typeof QuoteMessageSchema>;

export const QuoteSummarySchema = z.object({
  _id: IdSchema,
  number: QuoteNumberSchema,
  status: QuoteStatusSchema,
  /** An offer past its `validUntil`: it can no longer be accepted (never stored, read from the date). */
  isExpired: z.boolean(),
  /** Who asked, as their account is named now. */
  requestedBy: z.object({ name: z.string(), email: z.string() }),
  /** The company the buyer asked for, if any (its owner, approvers and viewers see the quote too). */
  companyName: z.string().nullable(),
  /** The delivery date the buyer asked for. */
  wantedBy: DaySchema.nullable(),
  currency: z.string(),
  lineCount: z.int().min(0),
  /** Every line at its list price when asked. */
  listTotal: MoneySchema,
  /** The offered lines at the offered prices; null before an offer. */
  offeredTotal: MoneySchema.nullable(),
  offeredAt: TimestampSchema.nullable(),
  /** Until when the offer can be accepted. */
  validUntil: TimestampSchema.nullable(),
  /** When it was accepted, declined, refused or withdrawn. */
  closedAt: TimestampSchema.nullable(),
  /**
   * The order an accepted offer placed, and where it stands: a company buyer's order above their
   * limits waits for approval (`awaiting_approval`) before it can be paid.
   */
  order: z
    .object({ id: IdSchema, number: OrderNumberSchema, status: OrderStatusSchema })
    .nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type QuoteSummary = z.infer<typeof QuoteSummarySchema>;

export const QuoteSchema = QuoteSummarySchema.extend({
  lines: z.array(QuoteLineSchema),
  /** The conversation, oldest first: the request's own message is the first. */
  messages: z.array(QuoteMessageSchema),
  /**
   * Whether the caller may answer it: on the customer's routes, the buyer who asked and their
   * company's owner (accept, decline, withdraw, write); on the admin's, always.
   */
  canAct: z.boolean(),
});
export type Quote = z.infer<typeof QuoteSchema>;

const MessageTextSchema = multilineText(1, QUOTE_MESSAGE_MAX_CHARS, { maxLines: 60 });

export const RequestQuoteBodySchema = z.strictObject({
  message: MessageTextSchema.describe(
    'What the buyer asks for: a better price, a quantity above stock, a delivery date.',
  ),
  wantedBy: DaySchema.optional().describe(
    `The delivery date wanted: today or later, at most ${WANTED_BY_MAX_DAYS} days ahead.`,
  ),
});
export type RequestQuoteBody = z.infer<typeof RequestQuoteBodySchema>;

export const QuoteMessageBodySchema = z.strictObject({ body: MessageTextSchema });
export type QuoteMessageBody = z.infer<typeof QuoteMessageBodySchema>;

/** The delivery details of the order an accepted offer places, and how it is paid (card or account). */
export const AcceptQuoteBodySchema = PlaceOrderBodySchema.pick({
  addressId: true,
  phone: true,
  address: true,
  country: true,
  postcode: true,
  deliveryMethodId: true,
  poNumber: true,
  note: true,
  paymentMethod: true,
  expectedTotal: true,
});
export type AcceptQuoteBody = z.infer<typeof AcceptQuoteBodySchema>;

export const OfferQuoteBodySchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        position: z.int().min(1).max(MAX_ORDER_LINES),
        offeredUnitPrice: z
          .int({ error: 'Must be a whole number of minor units.' })
          .min(0)
          .max(MAX_PRICE, { error: `Must be at most ${MAX_PRICE}.` })
          .nullable()
          .describe('The unit price offered, in minor units; null: this line is not offered.'),
      }),
    )
    .min(1)
    .max(MAX_ORDER_LINES)
    .describe("Every line of the quote once, by its position, with the store's price or null."),
  validUntil: DaySchema.describe(
    `The last day (UTC) the offer can be accepted: today or later, at most ${OFFER_VALIDITY_MAX_DAYS} days ahead.`,
  ),
  message: MessageTextSchema.optional().describe(
    'A note for the buyer, added to the conversation.',
  ),
});
export type OfferQuoteBody = z.infer<typeof OfferQuoteBodySchema>;

export const RefuseQuoteBodySchema = z.strictObject({
  reason: MessageTextSchema.describe('Why the store makes no offer; the buyer reads it.'),
});
export type RefuseQuoteBody = z.infer<typeof RefuseQuoteBodySchema>;

const QUOTE_PAGE_MAX = 100;
const QUOTE_PAGE_DEFAULT = 20;

export const ListQuotesQuerySchema = z.strictObject({
  status: QuoteStatusSchema.optional(),
  ...pageFields({ max: QUOTE_PAGE_MAX, fallback: QUOTE_PAGE_DEFAULT }),
});
export type ListQuotesQuery = z.output<typeof ListQuotesQuerySchema>;
