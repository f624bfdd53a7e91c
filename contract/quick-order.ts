import { z } from 'zod';
import { MergedCartSchema } from './cart.ts';
import { IdSchema, MoneySchema, route } from './common.ts';
import { formatCount } from './format.ts';
import { OrderLineInputSchema } from './order-placement.ts';
import { QUICK_ORDER_MAX_CHARACTERS, QUICK_ORDER_MAX_LINES } from './quick-order-text.ts';

/**
 * Quick order: a buyer's list of part numbers and quantities, read by contract/quick-order-text.ts,
 * matched to the catalogue by SKU (whatever the letter case) and judged by each tool's rules
 * (decision 042), each line explained in a sentence.
 */

const QuickOrderBodySchema = z.strictObject({
  text: z
    .string()
    .max(QUICK_ORDER_MAX_CHARACTERS, {
      error: `A quick order can be at most ${formatCount(QUICK_ORDER_MAX_CHARACTERS)} characters: split the list.`,
    })
    .describe(
      `One part number and one quantity per line (\`HD-13 20\`, \`HD-13,20\`, \`HD-13;20\` or a tab between), or a CSV file's text (\`sku,quantity\`, the header optional). At most ${QUICK_ORDER_MAX_LINES} lines besides blank ones; the same SKU on several lines is summed.`,
    ),
});
export type QuickOrderBody = z.infer<typeof QuickOrderBodySchema>;

const QUICK_ORDER_PROBLEMS = [
  'unreadable',
  'not_found',
  'below_minimum',
  'not_multiple',
  'above_maximum',
  'over_stock',
] as const;

const QuickOrderRowSchema = z.object({
  lines: z
    .array(z.int().min(1))
    .describe(
      'The lines of the text this row stands for, counted from 1 (blank lines included): several when one SKU was named more than once, its quantities summed.',
    ),
  /** The line as typed (an unreadable one) or the SKU as typed, safe to show as text. */
  text: z.string(),
  /** The tool the SKU names; null when unreadable or not found. */
  tool: z
    .object({
      _id: IdSchema,
      sku: z.string(),
      name: z.string(),
      price: MoneySchema,
      quantity: z.int().min(0),
      minimumOrder: z.int().min(1),
      orderIncrement: z.int().min(1),
      maxPerOrder: z.int().min(1).nullable(),
    })
    .nullable(),
  /** Units asked for (summed over the row's lines); null when unreadable. */
  quantity: z.int().min(1).nullable(),
  /** The unit price for this quantity (volume prices included); 0 when the row cannot be ordered. */
  unitPrice: MoneySchema,
  lineTotal: MoneySchema,
  problem: z
    .enum(QUICK_ORDER_PROBLEMS)
    .nullable()
    .describe(
      "null: ready to go into a cart. unreadable: not a part number and a quantity; not_found: no tool in the catalogue has this SKU; below_minimum, not_multiple, above_maximum: the quantity breaks the tool's minimum order, its pack or its most per order; over_stock: more than is in stock.",
    ),
  /** What the row is, or what is wrong with it, in a sentence. */
  message: z.string(),
});
export type QuickOrderRow = z.infer<typeof QuickOrderRowSchema>;

export const QuickOrderCheckSchema = z.object({
  rows: z.array(QuickOrderRowSchema),
  /** The rows ready to order, as cart lines: what adding to a cart puts there. */
  ready: z.array(OrderLineInputSchema),
  /** The ready rows' total. */
  total: MoneySchema,
  currency: z.string(),
  /**
   * How many rows are ready and how many need changes, in a sentence; when a part number is on
   * several lines, first how many lines were read and which were summed into one row.
   */
  summary: z.string(),
});
export type QuickOrderCheck = z.infer<typeof QuickOrderCheckSchema>;

const QuickOrderAddedSchema = MergedCartSchema.extend({ check: QuickOrderCheckSchema });
export type QuickOrderAdded = z.infer<typeof QuickOrderAddedSchema>;

const TOO_MANY = `validation_failed: the text has more than ${QUICK_ORDER_MAX_LINES} lines or ${formatCount(QUICK_ORDER_MAX_CHARACTERS)} characters (\`errors\` names \`text\`).`;

export const quickOrderRoutes = {
  check: route({
    method: 'POST',
    path: '/quick-order/check',
    access: 'public',
    summary: 'Match a list of part numbers',
    description:
      "Reads a list of part numbers and quantities, matches each SKU to the catalogue (whatever the letter case) and judges its quantity by the tool's rules (minimum order, pack, most per order) and its stock, each row with a sentence. Nothing is stored; the ready rows come back as cart lines (`ready`).",
    returns: 'Every row of the list, explained, and the ready ones as cart lines.',
    tags: ['quick-order'],
    body: QuickOrderBodySchema,
    response: QuickOrderCheckSchema,
    errors: {
      400: TOO_MANY,
      429: 'rate_limited: too many quotes from this address in a short time.',
    },
  }),
  addToCart: route({
    method: 'POST',
    path: '/quick-order/cart',
    access: 'user',
    summary: "Add a list of part numbers to the customer's cart",
    description:
      "Checks the list as `POST /api/quick-order/check` does, then adds its ready rows to the signed-in customer's cart in one step, as joining a visitor's cart does (a tool already there gets the units added, capped at its stock and its most per order; other tools become new lines while the cart has room). Rows that are not ready are left out and explained.",
    returns: 'The check, the cart now, and what adding each ready row did.',
    tags: ['quick-order'],
    body: QuickOrderBodySchema,
    response: QuickOrderAddedSchema,
    errors: {
      400: TOO_MANY,
      429: 'rate_limited: too many changes by this customer in a short time.',
    },
  }),
} as const;
