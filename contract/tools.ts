import { z } from 'zod';
import { IdSchema, MoneySchema, multilineText, plainText, TimestampSchema } from './common.ts';
import { formatCount, formatUnits } from './format.ts';
import { ImageUrlSchema } from './image-url.ts';
import { MAX_ORDER_UNITS } from './order-limits.ts';
import { BrandSchema, GtinSchema, MpnSchema, SkuSchema } from './part-numbers.ts';
import { checkPriceTiers, PriceTierSchema, PriceTiersSchema } from './price-tiers.ts';
import { MAX_PRICE } from './pricing.ts';
import { quantityRuleProblems } from './quantity-rules.ts';
import { SpecsSchema, SpecValuesSchema } from './specifications.ts';
import { TOOL_MEDIA_FIELDS, ToolMediaSchema, toolMediaFields } from './tool-media.ts';

/** A tool of the catalogue, and what admins send to add one, change it or set its stock. */

/** The heaviest one unit of a tool may be, in grams (100 tonnes; the database's check agrees). */
const MAX_TOOL_WEIGHT_GRAMS = 100_000_000;

/** The most units of one tool the store keeps in stock. */
export const MAX_STOCK = 10_000_000;

export const ToolSchema = z.object({
  _id: IdSchema,
  /** The store's part number, unique whatever the letter case (docs/decisions/034). */
  sku: z.string(),
  brand: z.string(),
  /** The maker's part number; null when not known. */
  mpn: z.string().nullable(),
  /** The barcode number (GTIN-8, -12, -13 or -14, digits only); null when not known. */
  gtin: z.string().nullable(),
  /** The category the tool is in; null when it is in none yet. */
  categoryId: IdSchema.nullable(),
  /** Its specification values by attribute key (its category's attributes and those above it). */
  specs: SpecValuesSchema,
  name: z.string(),
  img: z.string(),
  description: z.string(),
  /** Units in stock. */
  quantity: z.int().min(0),
  minimumOrder: z.int().min(1),
  /** Sold in packs of this many: every order line is a multiple of it (1: any quantity). */
  orderIncrement: z.int().min(1),
  /** The most units one order may have of the tool; null: no limit of its own. */
  maxPerOrder: z.int().min(1).nullable(),
  /** Unit price in minor units. */
  price: MoneySchema,
  /** One unit's shipping weight in grams (0: not given); delivery priced by weight adds it up. */
  weightGrams: z.int().min(0),
  /** Volume prices, quantities rising (none: the unit price for any quantity). */
  priceTiers: z.array(PriceTierSchema),
  /** Its customers' reviews: how many are shown, and their average stars (null with none). */
  rating: z.object({ average: z.number().min(1).max(5).nullable(), count: z.int().min(0) }),
  createdAt: TimestampSchema,
});
export type Tool = z.infer<typeof ToolSchema>;

/**
 * One tool as its page and the admin's form read it: the catalogue's fields, plus its gallery,
 * documents and related tools (lists carry none of these).
 */
export const ToolDetailSchema = ToolSchema.extend(ToolMediaSchema.shape);
export type ToolDetail = z.infer<typeof ToolDetailSchema>;

const StockSchema = z
  .int({ error: 'Must be a whole number.' })
  .min(0, { error: 'Must be 0 or more.' })
  .max(MAX_STOCK, { error: `Must be at most ${formatUnits(MAX_STOCK)}.` });

const toolFields = {
  name: plainText(2, 120),
  img: ImageUrlSchema,
  description: multilineText(10, 4000),
  minimumOrder: z
    .int({ error: 'Must be a whole number.' })
    .min(1, { error: 'Must be at least 1 unit.' })
    .max(MAX_STOCK, { error: `Must be at most ${formatUnits(MAX_STOCK)}.` }),
  orderIncrement: z
    .int({ error: 'Must be a whole number.' })
    .min(1, { error: 'Must be at least 1 unit.' })
    .max(MAX_ORDER_UNITS, { error: `Must be at most ${formatUnits(MAX_ORDER_UNITS)}.` }),
  price: z
    .int({ error: 'Must be a whole number of cents.' })
    .min(0, { error: 'Must be 0 or more.' })
    .max(MAX_PRICE, { error: `Must be at most ${formatCount(MAX_PRICE)} cents.` }),
  weightGrams: z
    .int({ error: 'Must be a whole number of grams.' })
    .min(0, { error: 'Must be 0 or more.' })
    .max(MAX_TOOL_WEIGHT_GRAMS, { error: 'Must be at most 100,000 kg.' })
    .describe("One unit's shipping weight in grams (0: not given)."),
};

export const MaxPerOrderSchema = z
  .int({ error: 'Must be a whole number.' })
  .min(1, { error: 'Must be at least 1 unit.' })
  .max(MAX_ORDER_UNITS, { error: `Must be at most ${formatUnits(MAX_ORDER_UNITS)}.` })
  .nullable()
  .describe(
    'The most units one order may have of the tool, at least the minimum order and a whole number of packs; null: no limit of its own.',
  );

/**
 * What an admin may acknowledge to save a tool the store would otherwise refuse as a likely
 * mistake: `free`, a unit price of 0; `minimum_above_stock`, a minimum order above the stock
 * (nobody can buy the tool until it is restocked). See docs/decisions/016-tools-for-admins.md.
 */
export const TOOL_CONFIRMATIONS = ['free', 'minimum_above_stock'] as const;
const ToolConfirmationSchema = z.enum(TOOL_CONFIRMATIONS);
export type ToolConfirmation = z.infer<typeof ToolConfirmationSchema>;

const ConfirmSchema = z
  .array(ToolConfirmationSchema)
  .max(TOOL_CONFIRMATIONS.length, { error: `At most ${TOOL_CONFIRMATIONS.length} entries.` });

/**
 * The acknowledgements a tool's saved fields need: the price is 0, or the minimum order is above
 * the stock. `changed` names the fields the request sets: only what the admin changes is asked
 * about (a tool that sold down below its minimum is low stock, not a mistake).
 */
export function neededConfirmations(
  tool: { price: number; minimumOrder: number; quantity: number },
  changed: { price: boolean; minimumOrder: boolean; quantity: boolean },
): ToolConfirmation[] {
  const needed: ToolConfirmation[] = [];
  if (changed.price && tool.price === 0) needed.push('free');
  if ((changed.minimumOrder || changed.quantity) && tool.minimumOrder > tool.quantity)
    needed.push('minimum_above_stock');
  return needed;
}

/** A new tool's fields, before the check that spans them (forms extend this object). */
export const ToolFieldsSchema = z.strictObject({
  /** Without one, the store numbers the tool (`TOOL-00042`). */
  sku: SkuSchema.optional(),
  /** Without one, the tool carries the store's own brand. */
  brand: BrandSchema.optional(),
  mpn: MpnSchema.optional(),
  gtin: GtinSchema.optional(),
  /** The category the tool is in (GET /api/categories); none when left out. */
  categoryId: IdSchema.nullable().optional(),
  /** Specification values by attribute key, each one its category (or one above it) defines. */
  specs: SpecsSchema.optional(),
  ...toolFields,
  orderIncrement: toolFields.orderIncrement
    .default(1)
    .describe(
      'Sold in packs of this many (1: any quantity); the minimum order is a whole number of packs.',
    ),
  maxPerOrder: MaxPerOrderSchema.default(null),
  weightGrams: toolFields.weightGrams.default(0),
  quantity: StockSchema,
  priceTiers: PriceTiersSchema.default([]),
  gallery: toolMediaFields.gallery.default([]),
  documents: toolMediaFields.documents.default([]),
  related: toolMediaFields.related.default([]),
  /** Acknowledges a price of 0 or a minimum order above the stock (TOOL_CONFIRMATIONS). */
  confirm: ConfirmSchema.optional(),
});

/**
 * The catalogue fields an admin gives a tool (all but the acknowledgement and the lists of
 * tool-media.ts): the forms' and the audit log's.
 */
export const TOOL_FIELD_NAMES = ToolFieldsSchema.keyof().exclude([
  'confirm',
  ...TOOL_MEDIA_FIELDS,
]).options;

/** Adds quantityRuleProblems as issues: the minimum and the maximum fit the pack. */
export function checkQuantityRules(
  body: Parameters<typeof quantityRuleProblems>[0],
  context: z.RefinementCtx,
): void {
  for (const problem of quantityRuleProblems(body))
    context.addIssue({ code: 'custom', ...problem });
}

export const CreateToolBodySchema =
  ToolFieldsSchema.superRefine(checkPriceTiers).superRefine(checkQuantityRules);
export type CreateToolBody = z.infer<typeof CreateToolBodySchema>;

export const UpdateToolBodySchema = z
  .strictObject({
    sku: SkuSchema,
    brand: BrandSchema,
    /** null forgets it. */
    mpn: MpnSchema.nullable(),
    /** null forgets it. */
    gtin: GtinSchema.nullable(),
    /** null takes the tool out of its category. */
    categoryId: IdSchema.nullable(),
    /**
     * Replaces every specification value ({} removes them). A tool moved to another category
     * without new values keeps those the new category has and loses the others.
     */
    specs: SpecsSchema,
    ...toolFields,
    /** null: no limit of its own. */
    maxPerOrder: MaxPerOrderSchema,
    /** Replaces every break; [] removes them. */
    priceTiers: PriceTiersSchema,
    /** Each replaces the whole list ([] empties it). */
    ...toolMediaFields,
    /** Sets the stock to this many units (as counted); not with `restock`. */
    quantity: StockSchema,
    /** Units to add to the current stock (restock); added atomically. */
    restock: z
      .int({ error: 'Must be a whole number.' })
      .min(1, { error: 'Must be at least 1 unit.' })
      .max(MAX_STOCK, { error: `Must be at most ${formatUnits(MAX_STOCK)}.` }),
    /** Acknowledges a price of 0 or a minimum order above the stock (TOOL_CONFIRMATIONS). */
    confirm: ConfirmSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).some((key) => key !== 'confirm'), {
    error: 'Change at least one field.',
  })
  .refine((body) => body.quantity === undefined || body.restock === undefined, {
    path: ['restock'],
    error: 'Set the stock or add units to it, not both.',
  });
export type UpdateToolBody = z.infer<typeof UpdateToolBodySchema>;

export const SetStockBodySchema = z.strictObject({ newQuantity: StockSchema });

/** The orders still to be fulfilled that contain a tool: deleting it leaves them as they are. */
export const OpenOrdersSchema = z.object({
  /** Unpaid orders plus paid ones not yet shipped. */
  openOrders: z.int().min(0),
  unpaid: z.int().min(0),
  paidNotShipped: z.int().min(0),
});
export type OpenOrders = z.infer<typeof OpenOrdersSchema>;
