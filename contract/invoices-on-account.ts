import { z } from 'zod';
import {
  IdParamsSchema,
  IdSchema,
  MoneySchema,
  pageFields,
  route,
  TimestampSchema,
} from './common.ts';
import { DaySchema } from './order-lists.ts';
import { OrderNumberSchema } from './orders.ts';

/**
 * Invoices on account as their buyers and admins read them (docs/decisions/056 and 061): the
 * buyer's terms and what is left of the credit limit, their open invoices and a statement, each
 * order's payments received, and the admins' list of overdue invoices.
 */

/** The caller's payment terms (their company's for a member), or null without any. */
const MyPaymentTermsSchema = z.object({
  /** Whose terms: the company's name, or the customer's own. */
  buyerName: z.string(),
  isCompany: z.boolean(),
  netDays: z.int(),
  creditLimit: MoneySchema,
  owed: MoneySchema,
  /** What may still be ordered on account: the credit limit less what is owed. */
  left: MoneySchema,
  /**
   * What the store owes the buyer: paid beyond what is due after credit notes, on any of their
   * orders on account, and not yet paid back.
   */
  owedToBuyer: MoneySchema,
});
export type MyPaymentTerms = z.infer<typeof MyPaymentTermsSchema>;

/** An invoice on account not yet paid in full. */
const AccountInvoiceSchema = z.object({
  orderId: IdSchema,
  orderNumber: OrderNumberSchema,
  invoiceNumber: z.string(),
  issuedAt: TimestampSchema,
  dueAt: TimestampSchema,
  total: MoneySchema,
  paid: MoneySchema,
  /** Its credit notes' sum: total less credited less paid is what is left. */
  credited: MoneySchema,
  left: MoneySchema,
  isOverdue: z.boolean(),
  /** Who owes it: the company, or the customer without one, and the buyer's email. */
  buyerName: z.string(),
  email: z.string(),
  /** The last reminder sent (a day, YYYY-MM-DD), or null. */
  remindedOn: z.string().nullable(),
});
export type AccountInvoice = z.infer<typeof AccountInvoiceSchema>;

const PAGE_MAX = 100;
const InvoicePageQuerySchema = z.strictObject({
  ...pageFields({ max: PAGE_MAX, fallback: 20 }),
});
export type InvoicePageQuery = z.output<typeof InvoicePageQuerySchema>;

/** The longest period one statement covers. */
const STATEMENT_MAX_DAYS = 366;
/**
 * The most invoices, payments and credit notes one statement lists (about 45 pages): each is read
 * and drawn afresh, so a period with more is refused and asked for in shorter ones.
 */
export const STATEMENT_ROWS_MAX = 2000;

export const StatementQuerySchema = z
  .strictObject({ from: DaySchema, to: DaySchema })
  .refine((query) => query.from <= query.to, {
    path: ['to'],
    error: 'Must be the same day as "from" or later.',
  })
  .refine(
    (query) => Date.parse(query.to) - Date.parse(query.from) < STATEMENT_MAX_DAYS * 86_400_000,
    { path: ['to'], error: `A statement covers at most ${STATEMENT_MAX_DAYS} days.` },
  );
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

/**
 * Money that moved for the invoice: a payment received from the buyer, or a payout, money the
 * store paid back to a buyer who had paid more than was due after credit notes. `amount` is what
 * moved (positive either way); `receivedOn` the day it arrived, or for a payout left.
 */
const PaymentReceivedSchema = z.object({
  kind: z.enum(['received', 'payout']),
  amount: MoneySchema,
  receivedOn: z.string(),
  reference: z.string(),
  recordedAt: TimestampSchema,
});

/**
 * An order on account's invoice: its due date, the payments received, its credit notes (refunds,
 * decision 063) and what is left, so that total less credited less paid is what is left.
 */
const OrderAccountSchema = z.object({
  orderId: IdSchema,
  dueAt: TimestampSchema.nullable(),
  total: MoneySchema,
  /** What the buyer has paid: the payments received less the payouts. */
  paid: MoneySchema,
  credited: MoneySchema,
  left: MoneySchema,
  /**
   * What the buyer paid beyond what is due after the credit notes, not yet paid back: the store
   * owes it to them (a refund after payment), and an admin records its payout.
   */
  owedToBuyer: MoneySchema,
  settledAt: TimestampSchema.nullable(),
  payments: z.array(PaymentReceivedSchema),
});
export type OrderAccount = z.infer<typeof OrderAccountSchema>;

const PAGED = 'A page at a time (limit, offset); the total that match is in X-Total-Count.';

export const accountInvoiceRoutes = {
  myTerms: route({
    method: 'GET',
    path: '/payment-terms/mine',
    access: 'user',
    summary: "Read the caller's payment terms",
    description:
      "The caller's payment terms (their company's, for a member of one): net days, credit limit, what is owed and what is left to order on account; null without terms.",
    returns: 'The terms with what is owed and left, or null.',
    tags: ['terms'],
    response: MyPaymentTermsSchema.nullable(),
  }),
  open: route({
    method: 'GET',
    path: '/invoices/open',
    access: 'user',
    summary: "List the caller's open invoices on account",
    description: `The invoices on account the caller (their company, for a member) has not paid in full, earliest due first, with what is paid and left. ${PAGED}`,
    returns: 'The open invoices, earliest due first.',
    tags: ['terms'],
    query: InvoicePageQuerySchema,
    response: z.array(AccountInvoiceSchema),
    responseHeaders: ['X-Total-Count'],
  }),
  statement: route({
    method: 'GET',
    path: '/invoices/statement.pdf',
    access: 'user',
    summary: 'Download a statement of account',
    description: `The caller's (their company's) statement for the days from and to (UTC, at most ${STATEMENT_MAX_DAYS}): what was owed before, each invoice on account issued and each payment received in the period, and what was owed at its end.`,
    returns: 'The statement, as a PDF attachment.',
    tags: ['terms'],
    query: StatementQuerySchema,
    response: z.string().meta({ contentMediaType: 'application/pdf' }),
    file: 'application/pdf',
    responseHeaders: ['Content-Disposition', 'Cache-Control'],
    errors: {
      422: `statement_too_long: the period has more than ${STATEMENT_ROWS_MAX} invoices, payments and credit notes; ask for shorter periods (the failing field: to).`,
      429: 'rate_limited: this customer asked for many statements lately (RATE_LIMIT_STATEMENTS_PER_USER).',
    },
  }),
  overdue: route({
    method: 'GET',
    path: '/invoices/overdue',
    access: 'admin',
    summary: 'List overdue invoices',
    description: `Invoices on account past their due date and not paid in full, longest overdue first, with the last reminder sent. ${PAGED}`,
    returns: 'The overdue invoices, longest overdue first.',
    tags: ['terms'],
    query: InvoicePageQuerySchema,
    response: z.array(AccountInvoiceSchema),
    responseHeaders: ['X-Total-Count'],
  }),
  orderAccount: route({
    method: 'GET',
    path: '/orders/:id/payments',
    access: 'user',
    summary: "Read an order on account's payments",
    description:
      "An order on account's due date, the payments received and what is left, for whoever may read the order (its buyer, their company's owners, approvers and viewers, admins).",
    returns: 'The invoice on account: due date, payments and what is left.',
    tags: ['terms'],
    params: IdParamsSchema,
    response: OrderAccountSchema,
    errors: {
      403: 'forbidden: the order is not yours to read.',
      404: 'not_found: no order has this id.',
      409: 'not_on_account: the order is not on account.',
    },
  }),
} as const;
