import { z } from 'zod';
import { IdSchema, MoneySchema, route, TimestampSchema } from './common.ts';
import { MAX_ORDER_LINES } from './order-limits.ts';
import {
  checkEachToolOnce,
  OrderLineInputSchema,
  PlaceOrderBodySchema,
  PlaceOrderHeadersSchema,
} from './order-placement.ts';
import { PLACING_REFUSED } from './order-routes.ts';
import { OrderSchema } from './orders.ts';
import { ToolSchema } from './tools.ts';

/** What is wrong with a cart line before checkout, in words, or null when it can be ordered. */
const CartLineProblemSchema = z
  .object({
    code: z
      .enum([
        'unavailable',
        'below_minimum',
        'not_multiple',
        'above_maximum',
        'over_stock',
        'too_large',
      ])
      .describe(
        "unavailable: the tool left the catalogue; below_minimum, not_multiple, above_maximum: the quantity breaks the tool's minimum order, its pack (order increment) or its most per order; over_stock: more than is in stock; too_large: the line costs more than one order may.",
      ),
    message: z.string(),
  })
  .nullable();

const CartVersionSchema = z.int().min(0).max(2_147_483_647);

/** One line of a cart, with the tool as it is now and the price its quantity reaches. */
export const CartLineSchema = z.object({
  toolId: IdSchema,
  quantity: z.int().min(1),
  /** The tool now; null when it has left the catalogue. */
  tool: ToolSchema.pick({
    sku: true,
    name: true,
    img: true,
    price: true,
    priceTiers: true,
    quantity: true,
    minimumOrder: true,
    orderIncrement: true,
    maxPerOrder: true,
  }).nullable(),
  /** The unit price for this quantity (a volume price when it reaches one); 0 when unavailable. */
  unitPrice: MoneySchema,
  lineTotal: MoneySchema,
  problem: CartLineProblemSchema,
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const CartSchema = z.object({
  lines: z.array(CartLineSchema),
  /** Every line that can be ordered, priced as the order would be. */
  total: MoneySchema,
  currency: z.string(),
  /** Whether every line can be ordered as it is, all at once. */
  isReady: z.boolean(),
  /** What stops the whole cart (too large for one order), in words, or null. */
  problem: z.string().nullable(),
  updatedAt: TimestampSchema.nullable(),
  version: CartVersionSchema.describe(
    "Raised by every change to the cart, a checkout included: a checkout names the version it read. 0 for a cart never stored, and for a visitor's cart priced by the quote.",
  ),
});
export type Cart = z.infer<typeof CartSchema>;

/** A cart as the buyer sets it: each tool once, up to the lines an order may have; [] empties it. */
const PutCartBodySchema = z.strictObject({
  lines: z
    .array(OrderLineInputSchema)
    .max(MAX_ORDER_LINES, { error: `A cart can have at most ${MAX_ORDER_LINES} lines.` })
    .superRefine(checkEachToolOnce)
    .describe('Each tool once: raise its quantity instead of repeating it.'),
});
export type PutCartBody = z.infer<typeof PutCartBodySchema>;

/** Replacing the cart: the lines, and the version they were made from. */
const ReplaceCartBodySchema = PutCartBodySchema.extend({
  version: CartVersionSchema.optional().describe(
    "The cart's `version` as the page read it (0: no cart was stored): a cart changed since, in another tab or on another device, is refused (409 cart_changed) and kept as it is, so no change made elsewhere is written over. Left out, the lines replace the cart whatever its version.",
  ),
});
export type ReplaceCartBody = z.infer<typeof ReplaceCartBodySchema>;

/**
 * Checking out the cart: the delivery details of an order, and the version of the cart the buyer
 * saw. The lines are the cart's as stored, never sent.
 */
const CheckoutCartBodySchema = PlaceOrderBodySchema.omit({ lines: true }).extend({
  cartVersion: CartVersionSchema.describe(
    "The cart's `version` as the page read it: a cart changed or checked out since is refused (409) and nothing is ordered.",
  ),
});
export type CheckoutCartBody = z.infer<typeof CheckoutCartBodySchema>;

/** What joining one of a visitor's lines to the account's cart did. */
const MergedLineSchema = z.object({
  toolId: IdSchema,
  /** The tool's name; null when it is no tool in the catalogue. */
  name: z.string().nullable(),
  /** Units of the tool the account's cart held before (0: a new line). */
  before: z.int().min(0),
  /** Units the visitor's cart brought. */
  added: z.int().min(1),
  /** Units the cart holds now (equal to `before` when the line was not added). */
  after: z.int().min(0),
  outcome: z
    .enum(['added', 'capped_at_stock', 'capped_at_limit', 'unavailable', 'cart_full'])
    .describe(
      'added: the units were added; capped_at_stock / capped_at_limit: the sum was cut, in whole packs, to what is in stock (never below what either cart had) or to the most one order may have of the tool; unavailable: no tool in the catalogue, not added; cart_full: the cart already had as many lines as an order may, not added.',
    ),
});
export type MergedLine = z.infer<typeof MergedLineSchema>;

export const MergedCartSchema = z.object({
  cart: CartSchema,
  /** Each of the visitor's lines, in their order, with what joining it did. */
  merged: z.array(MergedLineSchema),
});
export type MergedCart = z.infer<typeof MergedCartSchema>;

export const cartRoutes = {
  get: route({
    method: 'GET',
    path: '/cart',
    access: 'user',
    summary: "Read the customer's cart",
    description:
      "The signed-in customer's cart (it follows them to every device), each line with the tool as it is now, its price for the quantity (volume prices included) and what would stop it at checkout.",
    returns: 'The cart, priced now.',
    tags: ['cart'],
    response: CartSchema,
  }),
  put: route({
    method: 'PUT',
    path: '/cart',
    access: 'user',
    summary: "Replace the customer's cart",
    description: `Replaces the signed-in customer's cart with these lines: each tool once, at most ${MAX_ORDER_LINES} lines, every tool in the catalogue now; [] empties it. With \`version\`, only the cart at that version is replaced.`,
    returns: 'The cart as stored, priced now.',
    tags: ['cart'],
    body: ReplaceCartBodySchema,
    response: CartSchema,
    errors: {
      409: 'cart_changed: the cart is not at `version` any more (changed or checked out in another tab or on another device); nothing was changed: read it again.',
      429: 'rate_limited: too many changes by this customer in a short time.',
    },
  }),
  quote: route({
    method: 'POST',
    path: '/cart/quote',
    access: 'public',
    summary: "Price a visitor's cart",
    description:
      "Prices lines exactly as a signed-in customer's cart would be (a visitor's cart, kept in the browser): each line with the tool as it is now, its price for the quantity and what is wrong with it. A tool no longer in the catalogue (or never in it) is an unavailable line, not an error. Nothing is stored.",
    returns: 'The lines priced as a cart.',
    tags: ['cart'],
    body: PutCartBodySchema,
    response: CartSchema,
    errors: { 429: 'rate_limited: too many quotes from this address in a short time.' },
  }),
  merge: route({
    method: 'POST',
    path: '/cart/merge',
    access: 'user',
    summary: "Join a visitor's cart to the customer's",
    description: `Adds the lines of the cart kept in the browser before signing in to the signed-in customer's cart, in one step: a tool already there gets the units added (the sum capped, in whole packs of the tool's order increment, at its stock, never below what either cart had, and at the most one order may have of it); another tool becomes a new line while the cart has fewer than ${MAX_ORDER_LINES}; a tool no longer sold is left out. The answer says, line by line, what was done, so the page can tell the buyer.`,
    returns: "The cart now, and what joining each of the visitor's lines did.",
    tags: ['cart'],
    body: PutCartBodySchema,
    response: MergedCartSchema,
    errors: { 429: 'rate_limited: too many changes by this customer in a short time.' },
  }),
  checkout: route({
    method: 'POST',
    path: '/cart/checkout',
    access: 'user',
    summary: "Check out the customer's cart",
    description:
      "Places one order of every line of the signed-in customer's cart as stored (the lines are never sent) and empties the cart, in one transaction: every line's stock is taken, or none, and the cart is emptied exactly when the order is placed. `cartVersion` is the cart's version as the page read it; a cart changed since (in another tab, on another device) or already checked out is refused with 409 and nothing is ordered. The server prices every line; with `expectedTotal`, an order that would now cost anything else is refused (409 price_changed). With an Idempotency-Key, asking again returns the same order.",
    returns:
      'The order placed (or, asked again with its Idempotency-Key, the one placed before); the cart is empty.',
    tags: ['cart'],
    body: CheckoutCartBodySchema,
    headers: PlaceOrderHeadersSchema,
    response: OrderSchema,
    status: 201,
    errors: {
      ...PLACING_REFUSED,
      409: `cart_checked_out: this version of the cart was already checked out, and \`order\` names the order it became (its id and number); cart_changed: the cart changed since the page read it, read it again; cart_empty: the cart holds nothing to order. ${PLACING_REFUSED[409]} price_changed: the total is not \`expectedTotal\` any more.`,
      422: 'idempotency_key_reused: this Idempotency-Key already placed an order with other details (another cart version, other delivery details, or an order not made from the cart).',
    },
  }),
} as const;
