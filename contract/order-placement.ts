import { z } from 'zod';
import {
  IdSchema,
  idempotencyHeaders,
  MoneySchema,
  multilineText,
  PhoneSchema,
  plainText,
} from './common.ts';
import { CountrySchema, PostcodeSchema } from './countries.ts';
import { formatUnits } from './format.ts';
import { MAX_ORDER_LINES, MAX_ORDER_UNITS } from './order-limits.ts';
import { PAYMENT_METHODS } from './orders.ts';

/** What a customer sends to place an order, and the caps the store applies to what they hold. */

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

/**
 * Where a typed address is (docs/decisions/072): its country, and its postcode where a region has a
 * rate of its own. Delivery methods and tax go by them; without a country the address is taken to
 * be in the store's own country (SELLER_COUNTRY).
 */
const typedPlace = {
  country: CountrySchema.optional().describe(
    "The typed address's country (ISO 3166-1 alpha-2): its delivery methods and tax apply. Without it, the address is taken to be in the store's own country. Not with `addressId`.",
  ),
  postcode: PostcodeSchema.optional().describe(
    "The typed address's postcode: a region of its country with a tax rate of its own goes by it. Not with `addressId`.",
  ),
};

export const CreateOrderBodySchema = z.strictObject({
  toolId: IdSchema,
  orderedNum: z
    .int({ error: 'Must be a whole number.' })
    .min(1, { error: 'Must be at least 1 unit.' })
    .max(MAX_ORDER_UNITS, { error: `Must be at most ${formatUnits(MAX_ORDER_UNITS)}.` }),
  phone: PhoneSchema,
  address: multilineText(5, 500, { maxLines: 10 }),
  ...typedPlace,
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

const UnitsSchema = z
  .int({ error: 'Must be a whole number.' })
  .min(1, { error: 'Must be at least 1 unit.' })
  .max(MAX_ORDER_UNITS, { error: `Must be at most ${formatUnits(MAX_ORDER_UNITS)}.` });

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
const OrderLinesInputSchema = z
  .array(OrderLineInputSchema)
  .min(1, { error: 'Add at least one tool.' })
  .max(MAX_ORDER_LINES, { error: `An order can have at most ${MAX_ORDER_LINES} lines.` })
  .superRefine(checkEachToolOnce)
  .describe('Each tool once: raise its quantity instead of repeating it.');

export const PlaceOrderBodySchema = z.strictObject({
  lines: OrderLinesInputSchema,
  addressId: IdSchema.optional().describe(
    "An address of the caller's address book (GET /api/addresses) to deliver to: the order keeps a copy of it (`deliveryAddress`), and its phone and its lines as `phone` and `address`. Send either it, or `phone` and `address`.",
  ),
  phone: PhoneSchema.optional().describe('Required unless `addressId` is sent.'),
  address: multilineText(5, 500, { maxLines: 10 })
    .optional()
    .describe('The delivery address as typed; required unless `addressId` is sent.'),
  ...typedPlace,
  deliveryMethodId: IdSchema.optional().describe(
    "How the order travels: a method that serves the address's country (the address book's address, or the typed address's `country`), as GET /api/cart/delivery-options lists them. Its price is computed again now and added to the total. Required when any method serves that country; refused with 409 delivery_method_unavailable when this one no longer serves it.",
  ),
  poNumber: plainText(1, 64).optional(),
  note: multilineText(1, 1000, { maxLines: 20 }).optional(),
  paymentMethod: z
    .enum(PAYMENT_METHODS)
    .optional()
    .describe(
      'card (the default): paid by card within the payment window. account: a buyer with payment terms orders on account: confirmed at once and invoiced with a due date, refused with 409 credit_limit_exceeded when it would pass the credit limit, or 409 no_payment_terms without terms.',
    ),
  expectedTotal: MoneySchema.optional().describe(
    'The total the buyer was shown, delivery included. When the order would now cost anything else (a price changed meanwhile), it is refused with 409 price_changed and nothing is taken.',
  ),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

export const PlaceOrderHeadersSchema = idempotencyHeaders('this order');
