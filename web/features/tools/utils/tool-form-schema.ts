import { z } from 'zod';
import { IdSchema } from '#contract/common.ts';
import { formatUnits } from '#contract/format.ts';
import { formatMoney, fractionDigits, toMinorUnits } from '#contract/money.ts';
import { BrandSchema, GtinSchema, MpnSchema, SkuSchema } from '#contract/part-numbers.ts';
import { checkPriceTiers, MAX_PRICE_TIERS, PriceTiersSchema } from '#contract/price-tiers.ts';
import { MAX_PRICE } from '#contract/pricing.ts';
import { GallerySchema, RelatedToolsSchema, ToolDocumentsSchema } from '#contract/tool-media.ts';
import {
  DOCUMENT_KINDS,
  MAX_GALLERY_IMAGES,
  MAX_RELATED_TOOLS,
  MAX_TOOL_DOCUMENTS,
  RELATION_KINDS,
} from '#contract/tool-media-kinds.ts';
import {
  checkQuantityRules,
  MAX_STOCK,
  MaxPerOrderSchema,
  TOOL_FIELD_NAMES,
  ToolFieldsSchema,
} from '#contract/tools.ts';

/**
 * A price typed in currency units ("12.50") becomes the contract's minor units (1250); its limit is
 * said in the currency typed ("at most $1,000,000.00"), never in cents.
 */
function priceField(currency: string) {
  const example = fractionDigits(currency) > 0 ? '12.50' : '1250';
  return z
    .string()
    .transform((value, context) => {
      const minor = toMinorUnits(value, currency);
      if (minor === undefined) {
        const message = value.trim().startsWith('-')
          ? 'The price cannot be negative.'
          : `Enter a price such as ${example}.`;
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (minor > MAX_PRICE) {
        context.addIssue({
          code: 'custom',
          message: `The price can be at most ${formatMoney(MAX_PRICE, currency)}.`,
        });
        return z.NEVER;
      }
      return minor;
    })
    .pipe(ToolFieldsSchema.shape.price);
}

/** Units to add on a restock: said in units, with the limit grouped as people read it. */
const restockField = z
  .string()
  .trim()
  .superRefine((value, context) => {
    if (value === '') return;
    const message = /^-/.test(value)
      ? 'A restock adds units: enter 1 or more (leave it empty to keep the stock).'
      : !/^\d+$/.test(value)
        ? 'Enter a whole number of units, such as 50.'
        : Number(value) < 1
          ? 'Enter 1 unit or more, or leave it empty to keep the stock.'
          : Number(value) > MAX_STOCK
            ? `You can add at most ${formatUnits(MAX_STOCK)} at once.`
            : undefined;
    if (message) context.addIssue({ code: 'custom', message });
  })
  .transform((value) => (value === '' ? undefined : Number(value)));

/** Price breaks as typed: a number of units and a price in currency units per row. */
function priceTiersField(currency: string) {
  return z
    .array(
      z.object({
        minQuantity: z.number({ error: 'Enter a number of units, such as 100.' }),
        price: priceField(currency),
      }),
    )
    .pipe(PriceTiersSchema);
}

/** `list.0.field`, `list.1.field`... for each field of each entry a list may have. */
function entryPaths<L extends string, F extends string>(list: L, count: number, names: F[]) {
  return Array.from({ length: count }, (_, i) =>
    names.map((name) => `${list}.${i}.${name}` as `${L}.${number}.${F}`),
  ).flat();
}

/**
 * The server's paths of the fields both tool forms hold, the lists' entries included
 * (`priceTiers.0.price`, `related.2.toolId`): where its field errors are put back into the form.
 */
export const TOOL_FORM_FIELDS = [
  ...TOOL_FIELD_NAMES,
  ...entryPaths('priceTiers', MAX_PRICE_TIERS, ['minQuantity', 'price']),
  'gallery',
  ...entryPaths('gallery', MAX_GALLERY_IMAGES, ['src', 'alt']),
  'documents',
  ...entryPaths('documents', MAX_TOOL_DOCUMENTS, ['title', 'kind', 'url']),
  'related',
  ...entryPaths('related', MAX_RELATED_TOOLS, ['toolId', 'kind']),
] as const;

/** A document as the form holds it: with its size, shown beside it and never sent. */
const documentsField = z
  .array(
    z.object({
      title: z.string(),
      kind: z.enum(DOCUMENT_KINDS),
      url: z.string(),
      size: z.number(),
    }),
  )
  .transform((documents) => documents.map(({ size: _size, ...document }) => document))
  .pipe(ToolDocumentsSchema);

/** A related tool as the form holds it: with its name and SKU, shown and never sent. */
const relatedField = z
  .array(
    z.object({
      toolId: z.string(),
      kind: z.enum(RELATION_KINDS),
      name: z.string(),
      sku: z.string(),
    }),
  )
  .transform((related) => related.map(({ toolId, kind }) => ({ toolId, kind })))
  .pipe(RelatedToolsSchema);

/** The most per order as typed: empty is none (null), anything else a whole number of units. */
const maxPerOrderField = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? null : Number(value)))
  .pipe(MaxPerOrderSchema);

/** A field that may be left empty: empty is undefined, anything else must pass `schema`. */
function optionalField<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .transform((value) => (value.trim() === '' ? undefined : value))
    .pipe(schema.optional());
}

/**
 * The fields both tool forms hold: the contract's, with the prices in currency units. When adding,
 * the SKU and brand may be left empty (the store numbers the tool and gives it its own brand), the
 * MPN and GTIN always.
 */
const formFields = (currency: string) =>
  ToolFieldsSchema.omit({ confirm: true }).extend({
    sku: optionalField(SkuSchema),
    brand: optionalField(BrandSchema),
    mpn: optionalField(MpnSchema),
    gtin: optionalField(GtinSchema),
    /** Chosen from the category tree; none is empty. */
    categoryId: optionalField(IdSchema),
    maxPerOrder: maxPerOrderField,
    price: priceField(currency),
    priceTiers: priceTiersField(currency),
    /** As typed (spec-values.ts turns them into values for the chosen category's attributes). */
    specs: z.record(z.string(), z.union([z.string(), z.boolean()]).optional()).optional(),
    gallery: GallerySchema,
    documents: documentsField,
    related: relatedField,
  });

/** Add tool: the contract's body schema, with the prices in currency units. */
export function createToolFormSchema(currency: string) {
  return formFields(currency).superRefine(checkPriceTiers).superRefine(checkQuantityRules);
}

/** Edit: the same fields (the stock as counted, a SKU and brand kept), plus units to add. */
export function editToolFormSchema(currency: string) {
  return formFields(currency)
    .extend({ sku: SkuSchema, brand: BrandSchema, restock: restockField })
    .superRefine(checkPriceTiers)
    .superRefine(checkQuantityRules);
}

export type CreateToolFormInput = z.input<ReturnType<typeof createToolFormSchema>>;
export type CreateToolFormOutput = z.output<ReturnType<typeof createToolFormSchema>>;
export type EditToolFormInput = z.input<ReturnType<typeof editToolFormSchema>>;
export type EditToolFormOutput = z.output<ReturnType<typeof editToolFormSchema>>;

/** What both forms hold as typed: the part the shared fields component edits. */
export type ToolFormValues = Omit<CreateToolFormInput, 'priceTiers'> & {
  priceTiers: { minQuantity: number; price: string }[];
};
