import { z } from 'zod';
import { plainText } from './common.ts';
import { MAX_PRICE } from './pricing.ts';
import { ATTRIBUTE_KINDS } from './specifications.ts';

/**
 * The catalogue's filters (brand, in stock, a price range, specification values) as they travel in
 * the address, and the facets that answer them: each filter's values with how many tools each
 * would leave (docs/decisions/048).
 */

/** The most values one filter takes (brands, or one specification's values). */
const MAX_FILTER_VALUES = 20;
/** The most specification filters one query combines. */
const MAX_SPEC_FILTERS = 20;

/** A specification filter's parameter: `spec.` and the attribute's key (`spec.voltage=18`). */
export const SPEC_PARAM = /^spec\.([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const SPEC_PARAM_PREFIX = 'spec.';

/** One value, or the same parameter given several times (`brand=A&brand=B`): always a list. */
const FilterValuesSchema = z
  .union([plainText(1, 100), z.array(plainText(1, 100))])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(
    z
      .array(z.string())
      .min(1)
      .max(MAX_FILTER_VALUES, { error: `At most ${MAX_FILTER_VALUES} values.` }),
  );

const PriceBoundSchema = z.coerce
  .number({ error: 'Must be an amount in minor units (cents).' })
  .int({ error: 'Must be a whole number of minor units (cents).' })
  .min(0, { error: 'Must be at least 0.' })
  .max(MAX_PRICE, { error: 'Must be at most the highest price a tool may have.' });

/** The filters `GET /api/tools` and `GET /api/tools/facets` share, besides `q` and `category`. */
export const catalogueFilterFields = {
  /** Only tools of these brands (the parameter given once per brand). */
  brand: FilterValuesSchema.optional(),
  /** Only tools that can be bought now: at least their minimum order in stock. */
  inStock: z
    .enum(['true', 'false'], { error: 'Must be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
  /** Only tools whose unit price is at least this, in minor units. */
  minPrice: PriceBoundSchema.optional(),
  /** Only tools whose unit price is at most this, in minor units. */
  maxPrice: PriceBoundSchema.optional(),
};

/**
 * Adds the specification filters (`spec.<key>`, each one or several values; for a number also a
 * range `min..max`, either end left out) to a query object, refusing any other unknown parameter,
 * and gathers them in `specs`. The values' meaning depends on the attribute: the server reads them.
 */
export function withSpecFilters<Shape extends z.ZodRawShape>(shape: Shape) {
  const schema = z
    .object(shape)
    .catchall(FilterValuesSchema)
    .superRefine((query, context) => {
      let specCount = 0;
      for (const key of Object.keys(query)) {
        if (key in shape) continue;
        if (!SPEC_PARAM.test(key)) {
          context.addIssue({
            code: 'custom',
            path: [key],
            message: 'Not a parameter of this call (a specification filter is spec.<key>).',
          });
        } else specCount += 1;
      }
      if (specCount > MAX_SPEC_FILTERS) {
        context.addIssue({
          code: 'custom',
          path: [],
          message: `At most ${MAX_SPEC_FILTERS} specification filters at once.`,
        });
      }
      const { minPrice, maxPrice } = query as { minPrice?: number; maxPrice?: number };
      if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
        context.addIssue({
          code: 'custom',
          path: ['maxPrice'],
          message: 'Must be at least the lowest price asked for.',
        });
      }
    })
    .transform((query) => {
      const known: Record<string, unknown> = {};
      const specs: Record<string, string[]> = {};
      for (const [key, value] of Object.entries(query)) {
        if (key in shape) known[key] = value;
        else specs[key.slice(SPEC_PARAM_PREFIX.length)] = value as string[];
      }
      return { ...(known as z.output<z.ZodObject<Shape>>), specs };
    });
  // Typed as the address writes it: the fields, and any number of `spec.<key>` parameters.
  return schema as unknown as z.ZodType<
    z.output<z.ZodObject<Shape>> & { specs: Record<string, string[]> },
    z.input<z.ZodObject<Shape>> & { [key: `spec.${string}`]: string | string[] | undefined }
  >;
}

const FacetValueSchema = z.object({
  /** As the filter takes it in the address (`18`, `true`, `Steel`). */
  value: z.string(),
  /** As people read it (`18 V`, `Yes`). */
  label: z.string(),
  /** The tools this value would leave, the other filters applied (not this one's own). */
  count: z.int().min(0),
  isSelected: z.boolean(),
});
export type FacetValue = z.infer<typeof FacetValueSchema>;

const SpecFacetSchema = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(ATTRIBUTE_KINDS),
  unit: z.string().nullable(),
  /** The values tools hold, most common first for text and choices, in order for numbers. */
  values: z.array(FacetValueSchema),
  /** A number's lowest and highest value among the tools (null: none holds one, or not a number). */
  range: z.object({ min: z.number(), max: z.number() }).nullable(),
});
export type SpecFacet = z.infer<typeof SpecFacetSchema>;

export const FacetsSchema = z.object({
  /** The tools matching every filter. */
  total: z.int().min(0),
  /** The categories one level below the chosen one (or the top level), with the tools in each. */
  categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.int().min(0) })),
  brands: z.array(FacetValueSchema),
  /** How many tools can be bought now, the other filters applied. */
  inStock: z.object({ count: z.int().min(0), isSelected: z.boolean() }),
  /** The lowest and highest unit price, the other filters applied (null: no tool). */
  price: z.object({ min: z.int().min(0), max: z.int().min(0) }).nullable(),
  /** The filterable specifications the tools in the category (or the catalogue) hold. */
  specs: z.array(SpecFacetSchema),
  /**
   * When a search finds nothing: the words as the catalogue spells them (null: none is unknown),
   * and the category where they find most tools (null: nowhere). Null when something was found.
   */
  suggestion: z
    .object({
      spelling: z.string().nullable(),
      category: z.object({ slug: z.string(), name: z.string(), count: z.int().min(1) }).nullable(),
    })
    .nullable(),
});
export type Facets = z.infer<typeof FacetsSchema>;
