import { z } from 'zod';
import {
  DeletedCountSchema,
  IdParamsSchema,
  IdSchema,
  MoneySchema,
  plainText,
  route,
  TimestampSchema,
} from './common.ts';
import { CountrySchema } from './countries.ts';
import { formatUnits } from './format.ts';
import { MAX_ORDER_UNITS } from './order-limits.ts';

/**
 * Delivery methods (docs/decisions/057): where each delivers (countries), what it costs (bands of
 * the order's weight or value, free above an amount) and how long it takes (working days after a
 * daily cut-off in the store's time zone). Admins define them; buyers are quoted those that serve
 * their address.
 */

export const PRICE_BASES = ['weight', 'value'] as const;

const MAX_WORKING_DAYS = 60;
const MAX_PRICE_BANDS = 20;

/**
 * One band: orders up to `upTo` (grams by weight, minor units by value; null: no upper bound) cost
 * `price`. Bands rise, and an order takes the first whose `upTo` it does not pass.
 */
const PriceBandSchema = z.strictObject({
  upTo: z
    .int({ error: 'Must be a whole number.' })
    .min(1, { error: 'Must be at least 1.' })
    .max(2_147_483_647, { error: 'Too large.' })
    .nullable()
    .describe('Grams (by weight) or minor units (by value), included; null: no upper bound.'),
  price: MoneySchema.max(100_000_000, { error: 'Must be at most 1,000,000.00.' }),
});
export type PriceBand = z.infer<typeof PriceBandSchema>;

/** Bands rise strictly and only the last may be open-ended. */
function checkBands(bands: PriceBand[], context: z.RefinementCtx): void {
  for (const [index, band] of bands.entries()) {
    const previous = bands[index - 1];
    if (band.upTo === null && index < bands.length - 1)
      context.addIssue({
        code: 'custom',
        path: [index, 'upTo'],
        message: 'Only the last band may have no upper bound.',
      });
    if (previous?.upTo != null && band.upTo !== null && band.upTo <= previous.upTo)
      context.addIssue({
        code: 'custom',
        path: [index, 'upTo'],
        message: `Must be above the band before it (${previous.upTo}).`,
      });
  }
}

const PriceBandsSchema = z
  .array(PriceBandSchema)
  .min(1, { error: 'Add at least one price band.' })
  .max(MAX_PRICE_BANDS, { error: `At most ${MAX_PRICE_BANDS} bands.` })
  .superRefine(checkBands);

/** A daily time, 24-hour: `14:00`. */
const CutOffTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Must be a time of day such as 14:00.' })
  .describe("Orders placed before this time (the store's time zone) leave the same working day.");

const CountriesSchema = z
  .array(CountrySchema)
  .min(1, { error: 'Name at least one country.' })
  .max(250, { error: 'At most 250 countries.' })
  .transform((codes) => [...new Set(codes)].sort());

const methodFields = {
  name: plainText(1, 80),
  countries: CountriesSchema,
  priceBasis: z.enum(PRICE_BASES, { error: 'Must be weight or value.' }),
  bands: PriceBandsSchema,
  freeAbove: MoneySchema.max(2_147_483_647)
    .nullable()
    .describe('Orders whose goods come to at least this much ship free; null: never free.'),
  workingDays: z
    .int({ error: 'Must be a whole number.' })
    .min(0, { error: 'Must be 0 or more.' })
    .max(MAX_WORKING_DAYS, { error: `Must be at most ${MAX_WORKING_DAYS}.` })
    .describe('Working days (Monday to Friday) from dispatch to delivery.'),
  cutOffTime: CutOffTimeSchema,
  isActive: z.boolean({ error: 'Must be true or false.' }),
};

const CreateDeliveryMethodBodySchema = z.strictObject({
  ...methodFields,
  freeAbove: methodFields.freeAbove.default(null),
  isActive: methodFields.isActive.default(true),
});
export type CreateDeliveryMethodBody = z.infer<typeof CreateDeliveryMethodBodySchema>;

const UpdateDeliveryMethodBodySchema = z
  .strictObject(methodFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Change at least one field.' });
export type UpdateDeliveryMethodBody = z.infer<typeof UpdateDeliveryMethodBodySchema>;

export const DeliveryMethodSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  countries: z.array(z.string()),
  priceBasis: z.enum(PRICE_BASES),
  bands: z.array(z.object({ upTo: z.int().nullable(), price: z.int() })),
  freeAbove: z.int().nullable(),
  workingDays: z.int(),
  cutOffTime: z.string(),
  isActive: z.boolean(),
  updatedAt: TimestampSchema,
});
export type DeliveryMethod = z.infer<typeof DeliveryMethodSchema>;

/** A method that serves an address, priced for a cart, with the day it promises. */
export const DeliveryOptionSchema = z.object({
  methodId: IdSchema,
  name: z.string(),
  price: MoneySchema,
  /** The promised delivery day, in the store's time zone (YYYY-MM-DD). */
  deliveryDate: z.iso.date(),
});
export type DeliveryOption = z.infer<typeof DeliveryOptionSchema>;

export const DeliveryOptionsQuerySchema = z.strictObject({ country: CountrySchema });

const ToolDeliveryOptionsQuerySchema = z.strictObject({
  country: CountrySchema,
  quantity: z.coerce
    .number({ error: 'Must be a whole number.' })
    .int({ error: 'Must be a whole number.' })
    .min(1, { error: 'Must be at least 1 unit.' })
    .max(MAX_ORDER_UNITS, { error: `Must be at most ${formatUnits(MAX_ORDER_UNITS)}.` }),
});

const NO_METHOD = 'No delivery method with this id.';

export const deliveryMethodRoutes = {
  list: route({
    method: 'GET',
    path: '/delivery-methods',
    access: 'admin',
    summary: 'List delivery methods',
    description: 'Every delivery method, active or not, by name.',
    returns: 'The delivery methods.',
    tags: ['delivery'],
    response: z.array(DeliveryMethodSchema),
  }),
  create: route({
    method: 'POST',
    path: '/delivery-methods',
    access: 'admin',
    summary: 'Add a delivery method',
    description:
      'Adds a delivery method: its countries, price bands by weight or value, the amount above which it is free, working days and daily cut-off (written to the audit log).',
    returns: 'The delivery method as stored.',
    tags: ['delivery'],
    body: CreateDeliveryMethodBodySchema,
    response: DeliveryMethodSchema,
    status: 201,
  }),
  update: route({
    method: 'PATCH',
    path: '/delivery-methods/:id',
    access: 'admin',
    summary: 'Change a delivery method',
    description:
      'Changes the fields sent (written to the audit log). Orders placed before keep the method and price they were placed with.',
    returns: 'The delivery method as it is now.',
    tags: ['delivery'],
    params: IdParamsSchema,
    body: UpdateDeliveryMethodBodySchema,
    response: DeliveryMethodSchema,
    errors: { 404: NO_METHOD },
  }),
  remove: route({
    method: 'DELETE',
    path: '/delivery-methods/:id',
    access: 'admin',
    summary: 'Delete a delivery method',
    description:
      'Deletes a delivery method (written to the audit log); buyers are no longer offered it. To stop offering it for a while, make it inactive instead.',
    returns: 'How many delivery methods were deleted: 1.',
    tags: ['delivery'],
    params: IdParamsSchema,
    response: DeletedCountSchema,
    errors: { 404: NO_METHOD },
  }),
  options: route({
    method: 'GET',
    path: '/cart/delivery-options',
    access: 'user',
    summary: "Quote delivery for the caller's cart",
    description:
      "The active delivery methods that deliver to `country`, each priced for the caller's cart (its weight or the value of its goods) with the day it promises to deliver: its working days counted from dispatch, which is today before the method's cut-off on a working day and the next working day otherwise (the store's time zone; Saturdays and Sundays are not working days). Cheapest first; empty when none serves the country or the cart is empty.",
    returns: 'The delivery options, cheapest first.',
    tags: ['delivery'],
    query: DeliveryOptionsQuerySchema,
    response: z.array(DeliveryOptionSchema),
  }),
  toolOptions: route({
    method: 'GET',
    path: '/tools/:id/delivery-options',
    access: 'user',
    summary: 'Quote delivery for buying one tool',
    description:
      "The active delivery methods that deliver `quantity` units of this tool (buy now: an order of this tool alone, POST /api/orders) to `country`, each priced for that order (its weight, or the value of its goods at the tool's volume price for the quantity) with the day it promises, as for the cart. Cheapest first; empty when none serves the country. The order's placement prices the chosen method again.",
    returns: 'The delivery options, cheapest first.',
    tags: ['delivery'],
    params: IdParamsSchema,
    query: ToolDeliveryOptionsQuerySchema,
    response: z.array(DeliveryOptionSchema),
    errors: { 404: 'The tool is not in the catalogue (never added, or deleted).' },
  }),
} as const;
