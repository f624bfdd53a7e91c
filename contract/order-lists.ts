import { z } from 'zod';
import { EmailSchema, IdSchema, ONE_LINE, pageFields } from './common.ts';
import { OrderStatusSchema } from './orders.ts';

/** The order lists: the admin's (filters, sort, a page), its CSV export, and a customer's own. */

const ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;
const OrderSortSchema = z.enum(ORDER_SORTS);
export type OrderSort = z.infer<typeof OrderSortSchema>;

/** Without a limit, the admin list answers at most this many orders, newest first. */
export const ORDER_LIST_CAP = 1000;
/** The most orders one page holds. */
const ORDER_PAGE_MAX = 100;

/** The years a day filter takes: any a store's orders can have, and none the database refuses. */
const FIRST_YEAR = 1970;
const LAST_YEAR = 9998;

/** A day, `2026-11-23`, read in UTC. */
export const DaySchema = z.iso
  .date({ error: 'Must be a date such as 2026-11-23.' })
  // The years FIRST_YEAR to LAST_YEAR.
  .regex(/^(?:19[7-9]\d|[2-8]\d{3}|9[0-8]\d{2}|99[0-8]\d|999[0-8])-/, {
    error: `Must be a day between ${FIRST_YEAR} and ${LAST_YEAR}.`,
  });

/** An order or invoice number as people type it: `TY-10042`, `10042` or `INV-000042`. */
export const ORDER_NUMBER_QUERY = /^(?:(?:TY-)?[0-9]{1,15}|INV-[0-9]{1,15})$/i;

/** The longest search the order list takes. */
const ORDER_QUERY_MAX = 100;
/** The shortest text (not an order number) it searches for. */
const ORDER_TEXT_QUERY_MIN = 3;

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
    // Shorter than ORDER_TEXT_QUERY_MIN, only an order number's digits, or nothing.
    .regex(
      new RegExp(`^(?:[0-9]{0,${ORDER_TEXT_QUERY_MIN - 1}}|[\\s\\S]{${ORDER_TEXT_QUERY_MIN},})$`),
      {
        error: `Must be an order number or at least ${ORDER_TEXT_QUERY_MIN} characters of a name, email or tool.`,
      },
    )
    .regex(ONE_LINE, { error: 'Must be one line of text without control characters.' })
    .optional(),
  status: OrderStatusSchema.optional(),
  /** The orders of one company (its id: GET /api/companies lists them). */
  company: IdSchema.optional(),
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
    ...pageFields({ max: ORDER_PAGE_MAX }),
  })
  .refine(...fromBeforeTo);
export type ListOrdersQuery = z.output<typeof ListOrdersQuerySchema>;

/** The most orders one page of a customer's own list holds. */
const MY_ORDERS_PAGE_MAX = 100;

/** A customer's own orders: their email, optionally a status and a page. */
export const ListMyOrdersQuerySchema = z.strictObject({
  email: EmailSchema,
  status: OrderStatusSchema.optional(),
  ...pageFields({ max: MY_ORDERS_PAGE_MAX }),
});
export type ListMyOrdersQuery = z.output<typeof ListMyOrdersQuerySchema>;

/** The CSV export: the list's filters and sort, every order that matches. */
export const ExportOrdersQuerySchema = z.strictObject(orderFilterFields).refine(...fromBeforeTo);
export type ExportOrdersQuery = z.output<typeof ExportOrdersQuerySchema>;
