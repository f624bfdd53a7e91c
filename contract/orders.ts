import { z } from 'zod';
import {
  DeletedCountSchema,
  EmailQuerySchema,
  EmailSchema,
  hasBidiControls,
  hasControlCharacters,
  IdParamsSchema,
  IdSchema,
  MoneySchema,
  multilineText,
  plainText,
  route,
  TimestampSchema,
} from './common.ts';
import { formatCount } from './format.ts';
import { MAX_ORDER_LINES, MAX_ORDER_UNITS } from './order-limits.ts';
import { NoteRefundBodySchema, OrderRefundSchema } from './order-refunds.ts';

export { MAX_ORDER_LINES, MAX_ORDER_UNITS };

export const ORDER_STATUSES = ['unpaid', 'paid', 'shipped', 'cancelled'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** How an order's number is written everywhere (emails, lists, invoices): `TY-10042`. */
export function formatOrderNumber(number: number): string {
  return `TY-${number}`;
}

export const OrderNumberSchema = z
  .string()
  .regex(/^TY-[1-9][0-9]*$/)
  .describe('The order number people read and say: TY- and a sequential number, e.g. TY-10042.');

/** How an invoice's number is written: `INV-000042`, gap-free in the order payments arrived. */
export function formatInvoiceNumber(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

export const InvoiceNumberSchema = z
  .string()
  .regex(/^INV-[0-9]{6,}$/)
  .describe('The invoice number: INV- and a gap-free sequential number, e.g. INV-000042.');

/** The tax included in `total` at `basisPoints` (2000 = 20%), rounded to the minor unit. */
export function includedTax(total: number, basisPoints: number): number {
  return Math.round((total * basisPoints) / (10_000 + basisPoints));
}

export const CANCEL_REASONS = ['customer', 'admin', 'payment_window'] as const;

/** The invoice of a paid order. Prices include tax; `taxAmount` is the part of the total that is tax. */
export const InvoiceSummarySchema = z.object({
  number: InvoiceNumberSchema,
  issuedAt: TimestampSchema,
  /** Percent, e.g. 20 or 7.5; 0 when the store charges no tax. */
  taxRate: z.number().min(0).max(100),
  taxAmount: MoneySchema,
  /** The total without its tax. */
  netAmount: MoneySchema,
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

/** One tool of an order, its name and unit price as they were when the order was placed. */
export const OrderLineSchema = z.object({
  toolId: IdSchema,
  productName: z.string(),
  quantity: z.int().min(1),
  unitPrice: MoneySchema,
  /** unitPrice x quantity. */
  lineTotal: MoneySchema,
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderSchema = z.object({
  _id: IdSchema,
  number: OrderNumberSchema,
  /**
   * The summary every order has had since the first version of the API: the first line's tool and
   * unit price, the product name (with "and N more" when there are several lines), all units
   * (`orderedNum`) and the total. `lines` has each line.
   */
  toolId: IdSchema,
  productName: z.string(),
  unitPrice: MoneySchema,
  /** Customer name. */
  name: z.string(),
  email: z.string(),
  orderedNum: z.int(),
  phone: z.string(),
  address: z.string(),
  /** The buyer's purchase order number, if they gave one. */
  poNumber: z.string().nullable(),
  note: z.string().nullable(),
  lines: z.array(OrderLineSchema).min(1),
  totalAmount: MoneySchema,
  currency: z.string(),
  status: OrderStatusSchema,
  transactionId: z.string().nullable(),
  /** Why the last payment attempt failed (e.g. a declined card), while the order is unpaid. */
  paymentFailure: z.string().nullable(),
  /** Unpaid by then, the order is cancelled and its stock released. */
  paymentDueAt: TimestampSchema,
  createdAt: TimestampSchema,
  paidAt: TimestampSchema.nullable(),
  shippedAt: TimestampSchema.nullable(),
  cancelledAt: TimestampSchema.nullable(),
  /** Who cancelled it: the customer, an admin, or the payment window running out. */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  /** Once shipped: the carrier and tracking number, when the admin gave them. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The buyer's company details as their profile had them when the order was placed. */
  companyName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  billingAddress: z.string().nullable(),
  /** Issued when the order is paid; the PDF is at /api/orders/{id}/invoice.pdf. */
  invoice: InvoiceSummarySchema.nullable(),
  /** Refunds admins noted on the paid order, oldest first, and what they come to. */
  refunds: z.array(OrderRefundSchema),
  refundedAmount: MoneySchema,
});
export type Order = z.infer<typeof OrderSchema>;

/** Phone numbers as people type them: digits with spaces, dashes, dots, brackets, a leading +. */
export const PhoneSchema = z
  .string()
  .trim()
  .min(1, { error: 'Required.' })
  .max(32, { error: 'Must be at most 32 characters.' })
  .refine((value) => /^\+?[0-9][0-9 ().-]{5,30}$/.test(value) && /(\d.*){7}/.test(value), {
    error: 'Must be a phone number (7 or more digits).',
  });

/**
 * The most units of one tool a customer may hold in unpaid orders: a share of its stock (what is on
 * hand plus what they already hold), and always at least one minimum order.
 */
export function unpaidShareCap(tool: {
  onHand: number;
  heldUnits: number;
  minimumOrder: number;
  sharePercent: number;
}): number {
  return Math.max(
    tool.minimumOrder,
    Math.floor(((tool.onHand + tool.heldUnits) * tool.sharePercent) / 100),
  );
}
/** The largest order total the store records, in minor units (PostgreSQL `integer`). */
export const MAX_ORDER_TOTAL = 2_147_483_647;

export const CreateOrderBodySchema = z.strictObject({
  toolId: IdSchema,
  orderedNum: z
    .int({ error: 'Must be a whole number.' })
    .min(1, { error: 'Must be at least 1 unit.' })
    .max(MAX_ORDER_UNITS, { error: `Must be at most ${formatCount(MAX_ORDER_UNITS)} units.` }),
  phone: PhoneSchema,
  address: multilineText(5, 500, { maxLines: 10 }),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

const UnitsSchema = z
  .int({ error: 'Must be a whole number.' })
  .min(1, { error: 'Must be at least 1 unit.' })
  .max(MAX_ORDER_UNITS, { error: `Must be at most ${formatCount(MAX_ORDER_UNITS)} units.` });

export const OrderLineInputSchema = z.strictObject({ toolId: IdSchema, quantity: UnitsSchema });
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>;

/** Each tool once in a list of lines: raise its quantity instead of repeating it. */
export function checkEachToolOnce(lines: { toolId: string }[], context: z.RefinementCtx): void {
  const seen = new Map<string, number>();
  for (const [index, line] of lines.entries()) {
    const first = seen.get(line.toolId);
    if (first === undefined) seen.set(line.toolId, index);
    else
      context.addIssue({
        code: 'custom',
        path: [index, 'toolId'],
        message: `This tool is already on line ${first + 1}; change that line's quantity instead.`,
      });
  }
}

/** Lines as a buyer sends them for an order. */
export const OrderLinesInputSchema = z
  .array(OrderLineInputSchema)
  .min(1, { error: 'Add at least one tool.' })
  .max(MAX_ORDER_LINES, { error: `An order can have at most ${MAX_ORDER_LINES} lines.` })
  .superRefine(checkEachToolOnce);

export const PlaceOrderBodySchema = z.strictObject({
  lines: OrderLinesInputSchema,
  phone: PhoneSchema,
  address: multilineText(5, 500, { maxLines: 10 }),
  poNumber: plainText(1, 64).optional(),
  note: multilineText(1, 1000, { maxLines: 20 }).optional(),
  expectedTotal: MoneySchema.optional().describe(
    'The total the buyer was shown. When the order would now cost anything else (a price changed meanwhile), it is refused with 409 price_changed and nothing is taken.',
  ),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

/**
 * A name the client gives one order it means to place (RFC draft "The Idempotency-Key HTTP Header
 * Field"). Asking again with the same key, after an answer was lost, returns the order the first
 * attempt placed instead of placing a second one.
 */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{8,255}$/, { error: 'Must be 8 to 255 visible ASCII characters.' })
  .describe('A unique name for this order, e.g. a random UUID; reuse it only to ask again.');

export const PlaceOrderHeadersSchema = z.looseObject({
  'idempotency-key': IdempotencyKeySchema.optional(),
});

export const ShipOrderBodySchema = z.strictObject({
  status: z.literal('shipped'),
  carrier: plainText(1, 64).optional(),
  trackingNumber: plainText(1, 64).optional(),
});
export type ShipOrderBody = z.infer<typeof ShipOrderBodySchema>;

export const ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;
export const OrderSortSchema = z.enum(ORDER_SORTS);
export type OrderSort = z.infer<typeof OrderSortSchema>;

/** Without a limit, the admin list answers at most this many orders, newest first. */
export const ORDER_LIST_CAP = 1000;
/** The most orders one page holds. */
export const ORDER_PAGE_MAX = 100;

/** The years a day filter takes: any a store's orders can have, and none the database refuses. */
const FIRST_YEAR = 1970;
const LAST_YEAR = 9998;

/** A day, `2026-11-23`, read in UTC. */
const DaySchema = z.iso.date({ error: 'Must be a date such as 2026-11-23.' }).refine(
  (day) => {
    const year = Number(day.slice(0, 4));
    return year >= FIRST_YEAR && year <= LAST_YEAR;
  },
  { error: `Must be a day between ${FIRST_YEAR} and ${LAST_YEAR}.` },
);

/** An order or invoice number as people type it: `TY-10042`, `10042` or `INV-000042`. */
export const ORDER_NUMBER_QUERY = /^(?:(?:TY-)?[0-9]{1,15}|INV-[0-9]{1,15})$/i;

/** The longest search the order list takes. */
export const ORDER_QUERY_MAX = 100;
/** The shortest text (not an order number) it searches for. */
export const ORDER_TEXT_QUERY_MIN = 3;

/** What the admin's list and its CSV export find: search, a status, placed between two days. */
const orderFilterFields = {
  /**
   * An order number (`TY-10042` or `10042`) or an invoice's (`INV-000042`) finds that order;
   * any other text of 3 or more characters finds orders whose customer name, email or a
   * product on any line contains it (letter case ignored). Three, because the trigram indexes
   * that find it cannot serve less: two letters would read every order.
   */
  q: z
    .string()
    .trim()
    .max(ORDER_QUERY_MAX, { error: `Must be at most ${ORDER_QUERY_MAX} characters.` })
    .refine(
      (value) =>
        value === '' || value.length >= ORDER_TEXT_QUERY_MIN || ORDER_NUMBER_QUERY.test(value),
      {
        error: `Must be an order number or at least ${ORDER_TEXT_QUERY_MIN} characters of a name, email or product.`,
      },
    )
    .refine((value) => !hasControlCharacters(value) && !hasBidiControls(value), {
      error: 'Must be one line of text without control characters.',
    })
    .optional(),
  status: OrderStatusSchema.optional(),
  /** Placed on or after this day (UTC). */
  from: DaySchema.optional(),
  /** Placed on or before this day (UTC). */
  to: DaySchema.optional(),
  sort: OrderSortSchema.default('newest'),
};

const fromBeforeTo: [
  (query: { from?: string; to?: string }) => boolean,
  { path: string[]; error: string },
] = [
  (query) => !query.from || !query.to || query.from <= query.to,
  { path: ['to'], error: 'Must be the same day as "from" or later.' },
];

/** The admin's order list: the filters, sorted, a page. */
export const ListOrdersQuerySchema = z
  .strictObject({
    ...orderFilterFields,
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(ORDER_PAGE_MAX, { error: `Must be at most ${ORDER_PAGE_MAX}.` })
      .optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine(...fromBeforeTo);
export type ListOrdersQuery = z.output<typeof ListOrdersQuerySchema>;

/** The most orders one page of a customer's own list holds. */
export const MY_ORDERS_PAGE_MAX = 100;

/** A customer's own orders: their email, optionally a status and a page. */
export const ListMyOrdersQuerySchema = z.strictObject({
  email: EmailSchema,
  status: OrderStatusSchema.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MY_ORDERS_PAGE_MAX, { error: `Must be at most ${MY_ORDERS_PAGE_MAX}.` })
    .optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListMyOrdersQuery = z.output<typeof ListMyOrdersQuerySchema>;

/** The CSV export: the list's filters and sort, every order that matches. */
export const ExportOrdersQuerySchema = z.strictObject(orderFilterFields).refine(...fromBeforeTo);
export type ExportOrdersQuery = z.output<typeof ExportOrdersQuerySchema>;

export const orderRoutes = {
  place: route({
    method: 'POST',
    path: '/user',
    access: 'user',
    summary:
      'Place an order for the signed-in customer (email must be their own). With an Idempotency-Key, asking again returns the same order.',
    tags: ['orders'],
    query: EmailQuerySchema,
    body: CreateOrderBodySchema,
    headers: PlaceOrderHeadersSchema,
    response: OrderSchema,
    status: 201,
  }),
  create: route({
    method: 'POST',
    path: '/orders',
    access: 'user',
    summary:
      "Place one order of one or more lines for the signed-in customer: every line's stock is taken, or none (409 out_of_stock naming the lines short, with what is left). The server prices every line. With an Idempotency-Key, asking again returns the same order.",
    tags: ['orders'],
    body: PlaceOrderBodySchema,
    headers: PlaceOrderHeadersSchema,
    response: OrderSchema,
    status: 201,
  }),
  get: route({
    method: 'GET',
    path: '/orders/:id',
    access: 'user',
    summary: 'One order with its lines, for the customer who placed it and for admins.',
    tags: ['orders'],
    params: IdParamsSchema,
    response: OrderSchema,
  }),
  listMine: route({
    method: 'GET',
    path: '/user',
    access: 'user',
    summary:
      "A customer's orders, newest first: all of them, or a page (limit, offset; the total is in X-Total-Count), optionally of one status.",
    tags: ['orders'],
    query: ListMyOrdersQuerySchema,
    response: z.array(OrderSchema),
  }),
  cancel: route({
    method: 'DELETE',
    path: '/user/:id',
    access: 'user',
    summary: 'Cancel an unpaid order: it stays in the history as cancelled and its stock returns.',
    tags: ['orders'],
    params: IdParamsSchema,
    response: DeletedCountSchema,
  }),
  invoice: route({
    method: 'GET',
    path: '/orders/:id/invoice.pdf',
    access: 'user',
    summary:
      "A paid order's invoice as a PDF, for the customer who placed it and for admins (404 until the order is paid).",
    tags: ['orders'],
    params: IdParamsSchema,
    response: z.string().meta({ format: 'binary', description: 'application/pdf' }),
  }),
  listAll: route({
    method: 'GET',
    path: '/orderlist',
    access: 'admin',
    summary: `Orders for admins, a page at a time (limit, offset; the total is in X-Total-Count), by status, placed between two days (from, to; UTC) and sorted; with q, the order with that order or invoice number, or the orders whose customer name, email or a product on any line contains the text. Without a limit, the newest ${ORDER_LIST_CAP} that match.`,
    tags: ['orders'],
    query: ListOrdersQuerySchema,
    response: z.array(OrderSchema),
  }),
  exportAll: route({
    method: 'GET',
    path: '/orderlist/export',
    access: 'admin',
    summary: `Every order that matches the list's filters (q, status, from, to) in its sort, as a CSV file for spreadsheets (UTF-8 with a byte order mark, amounts as decimals beside their currency, times in ISO 8601 UTC), written as it is read. A few exports run at once; more answer 429.`,
    tags: ['orders'],
    query: ExportOrdersQuerySchema,
    response: z.string().meta({ format: 'binary', description: 'text/csv' }),
  }),
  ship: route({
    method: 'PUT',
    path: '/order/:id',
    access: 'admin',
    summary: 'Mark a paid order shipped, with its carrier and tracking number when known.',
    tags: ['orders'],
    params: IdParamsSchema,
    body: ShipOrderBodySchema,
    response: OrderSchema,
  }),
  noteRefund: route({
    method: 'POST',
    path: '/orders/:id/refunds',
    access: 'admin',
    summary:
      'Note a refund on a paid or shipped order: its amount and why. Refused with 409 order_not_refundable before payment or after cancelling, and 409 refund_exceeds_total when the refunds would come to more than the total.',
    tags: ['orders'],
    params: IdParamsSchema,
    body: NoteRefundBodySchema,
    response: OrderSchema,
    status: 201,
  }),
} as const;
