import { z } from 'zod';
import { IdSchema, MoneySchema, route, TimestampSchema } from './common.ts';
import { MAX_ORDER_LINES } from './order-limits.ts';
import { checkEachToolOnce, OrderLineInputSchema } from './order-placement.ts';
import { ToolSchema } from './tools.ts';

/** What is wrong with a cart line before checkout, in words, or null when it can be ordered. */
const CartLineProblemSchema = z
  .object({
    code: z.enum(['unavailable', 'below_minimum', 'over_stock', 'too_large']),
    message: z.string(),
  })
  .nullable();

/** One line of a cart, with the tool as it is now and the price its quantity reaches. */
export const CartLineSchema = z.object({
  toolId: IdSchema,
  quantity: z.int().min(1),
  /** The tool now; null when it has left the catalogue. */
  tool: ToolSchema.pick({
    name: true,
    img: true,
    price: true,
    priceTiers: true,
    quantity: true,
    minimumOrder: true,
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
    description: `Replaces the signed-in customer's cart with these lines: each tool once, at most ${MAX_ORDER_LINES} lines, every tool in the catalogue now; [] empties it.`,
    returns: 'The cart as stored, priced now.',
    tags: ['cart'],
    body: PutCartBodySchema,
    response: CartSchema,
    errors: { 429: 'rate_limited: too many changes by this customer in a short time.' },
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
} as const;
