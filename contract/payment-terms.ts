import { z } from 'zod';
import {
  IdParamsSchema,
  IdSchema,
  idempotencyHeaders,
  MoneySchema,
  pageFields,
  plainText,
  route,
  TimestampSchema,
} from './common.ts';
import { DaySchema } from './order-lists.ts';

/**
 * Payment terms (docs/decisions/056): a company, or a customer without one, may order on account
 * and pay each invoice within `netDays` of its issue, owing at most `creditLimit` at once.
 */

const NetDaysSchema = z
  .union([z.literal(15), z.literal(30), z.literal(60)], { error: 'Must be 15, 30 or 60 days.' })
  .describe('Days an invoice on account is due after it is issued: net 15, 30 or 60.');

/** Who the terms are for: a company, or a customer without one. */
const TermsBuyerSchema = z.object({
  type: z.enum(['company', 'customer']),
  id: z.string(),
  name: z.string(),
  /** The customer's email; null for a company. */
  email: z.string().nullable(),
});

const PaymentTermsSchema = z.object({
  _id: IdSchema,
  buyer: TermsBuyerSchema,
  netDays: NetDaysSchema,
  creditLimit: MoneySchema,
  /** What the buyer owes now: open invoices on account (and orders on account awaiting approval) less what was paid. */
  owed: MoneySchema,
  /**
   * What the store owes the buyer: paid beyond what is due after credit notes on their orders on
   * account (a refund after payment), less what was paid back (payouts).
   */
  owedToBuyer: MoneySchema,
  updatedAt: TimestampSchema,
});
export type PaymentTerms = z.infer<typeof PaymentTermsSchema>;

const SetPaymentTermsBodySchema = z
  .strictObject({
    /** The company the terms are for; or `userId`, a customer without a company. */
    companyId: IdSchema.optional(),
    userId: z.string().trim().min(1).max(100).optional(),
    netDays: NetDaysSchema,
    /** At most 10,000,000.00, as a member's limits: the column holds a 32-bit integer. */
    creditLimit: MoneySchema.max(1_000_000_000, { error: 'Must be at most 10,000,000.00.' }),
  })
  .refine((body) => (body.companyId === undefined) !== (body.userId === undefined), {
    error: 'Name either a company (companyId) or a customer (userId).',
    path: ['companyId'],
  });
export type SetPaymentTermsBody = z.infer<typeof SetPaymentTermsBodySchema>;

/**
 * Today where the day is latest (UTC+14), as `YYYY-MM-DD`: a bank statement written today in any
 * time zone is dated no later than this, so a payment's day is refused only when it is to come
 * everywhere.
 */
export const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

/**
 * The first day a payment for an invoice issued at `issuedAt` can have arrived: the day it was
 * issued where the day is earliest (UTC-12), so a bank statement dated in any time zone on the day
 * of the invoice is taken, and money never reaches an invoice before it existed.
 */
export const earliestPaymentDay = (issuedAt: Date | string) =>
  new Date(new Date(issuedAt).getTime() - 12 * 3_600_000).toISOString().slice(0, 10);

export const RecordPaymentBodySchema = z.strictObject({
  amount: MoneySchema.min(1, { error: 'Must be at least 0.01.' }),
  /**
   * The day the money arrived, as the bank statement says: today or earlier (`latestToday`), since
   * a payment is recorded once it is in (statements list it on that day).
   */
  receivedOn: DaySchema.refine((day) => day <= latestToday(), {
    error: 'Must be today or earlier: record a payment once it has arrived.',
  }),
  /** The transfer's reference, as the bank statement says. */
  reference: plainText(1, 140),
});
export type RecordPaymentBody = z.infer<typeof RecordPaymentBodySchema>;

/** Money paid back to a buyer on account who paid more than is due after credit notes. */
export const RecordPayoutBodySchema = z.strictObject({
  amount: MoneySchema.min(1, { error: 'Must be at least 0.01.' }),
  /** The day the money left, as the bank statement says: today or earlier, as a payment's. */
  paidOn: DaySchema.refine((day) => day <= latestToday(), {
    error: 'Must be today or earlier: record a payout once it has been sent.',
  }),
  /** The transfer's reference, as the bank statement says. */
  reference: plainText(1, 140),
});
export type RecordPayoutBody = z.infer<typeof RecordPayoutBodySchema>;

/** What an invoice on account has been paid, and what is left. */
const InvoiceBalanceSchema = z.object({
  orderId: IdSchema,
  total: MoneySchema,
  paid: MoneySchema,
  left: MoneySchema,
  /** What the buyer paid beyond what is due after credit notes, not yet paid back. */
  owedToBuyer: MoneySchema,
  /** When its payments reached its total; null while something is left. */
  settledAt: TimestampSchema.nullable(),
});
export type InvoiceBalance = z.infer<typeof InvoiceBalanceSchema>;

const ADMIN_AUDIT = 'Written to the audit log';

const TermsPageQuerySchema = z.strictObject({ ...pageFields({ max: 100, fallback: 20 }) });
export type TermsPageQuery = z.output<typeof TermsPageQuerySchema>;

export const paymentTermsRoutes = {
  list: route({
    method: 'GET',
    path: '/payment-terms',
    access: 'admin',
    summary: 'List payment terms',
    description:
      'The companies and customers with payment terms, by name, with what each owes now and what the store owes each (paid beyond credit notes, not yet paid back). A page at a time (limit, offset); the total that have terms is in X-Total-Count.',
    returns: 'A page of the payment terms, by buyer name.',
    tags: ['terms'],
    query: TermsPageQuerySchema,
    response: z.array(PaymentTermsSchema),
    responseHeaders: ['X-Total-Count'],
  }),
  set: route({
    method: 'PUT',
    path: '/payment-terms',
    access: 'admin',
    summary: 'Give payment terms',
    description: `Gives a company, or a customer without a company, payment terms: net 15, 30 or 60 days and a credit limit (minor units); terms it had are replaced. Orders placed before keep their due dates. ${ADMIN_AUDIT} (payment_terms.set).`,
    returns: 'The terms as they are now.',
    tags: ['terms'],
    body: SetPaymentTermsBodySchema,
    response: PaymentTermsSchema,
    errors: {
      404: 'not_found: no company or customer has this id.',
      409: 'in_company: the customer belongs to a company, whose terms they order on.',
    },
  }),
  clear: route({
    method: 'DELETE',
    path: '/payment-terms/:id',
    access: 'admin',
    summary: 'Take payment terms away',
    description: `The buyer orders by card only from now on; invoices on account already issued stay owed. ${ADMIN_AUDIT} (payment_terms.cleared).`,
    returns: 'Nothing.',
    tags: ['terms'],
    params: IdParamsSchema,
    response: z.null(),
    errors: { 404: 'not_found: no payment terms have this id.' },
  }),
  recordPayment: route({
    method: 'POST',
    path: '/orders/:id/payments',
    access: 'admin',
    summary: 'Record a payment received on account',
    description: `Records money received for an order on account (a bank transfer): amount, the day it arrived (today or earlier, and not before the day its invoice was issued) and its reference. Payments add up, and credit notes (refunds of the order) lower what is owed; the invoice is settled when they reach its total, and a payment beyond what is left is refused. With an Idempotency-Key, asking again returns the balance after the payment the first attempt recorded instead of recording it twice. ${ADMIN_AUDIT} (order.payment_recorded).`,
    returns: 'What the invoice has been paid and what is left.',
    tags: ['terms'],
    params: IdParamsSchema,
    headers: idempotencyHeaders('this payment'),
    body: RecordPaymentBodySchema,
    response: InvoiceBalanceSchema,
    status: 201,
    errors: {
      404: 'not_found: no order has this id.',
      409: 'not_on_account: the order is not an invoiced order on account. payment_exceeds_balance: the payment is more than is left to pay.',
      422: 'idempotency_key_reused: this Idempotency-Key already recorded another payment or payout of this order.',
    },
  }),
  recordPayout: route({
    method: 'POST',
    path: '/orders/:id/payouts',
    access: 'admin',
    summary: 'Record money paid back on account',
    description: `Records money the store paid back to the buyer of an order on account (a bank transfer) who had paid more than is due after its credit notes: amount, the day it was sent (today or earlier) and its reference. At most what the buyer is owed on the order; what they have paid, net, goes down by it, and statements list it. With an Idempotency-Key, asking again records nothing twice. ${ADMIN_AUDIT} (order.payout_recorded).`,
    returns: 'What the invoice has been paid, net, and what is still owed either way.',
    tags: ['terms'],
    params: IdParamsSchema,
    headers: idempotencyHeaders('this payout'),
    body: RecordPayoutBodySchema,
    response: InvoiceBalanceSchema,
    status: 201,
    errors: {
      404: 'not_found: no order has this id.',
      409: 'not_on_account: the order is not an invoiced order on account. payout_exceeds_owed: the payout is more than the store owes the buyer on this order (nothing, or less).',
      422: 'idempotency_key_reused: this Idempotency-Key already recorded another payment or payout of this order.',
    },
  }),
} as const;
