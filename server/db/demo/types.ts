/**
 * The shapes of the demo catalogue (server/db/seed.ts inserts it into a fresh database) and the
 * helpers its files share to write tools compactly: one family, several variants.
 */

type SpecValue = number | string | boolean;

export interface SeedTool {
  /** Kebab-case and unique: the tool's name in the demo's own files. */
  slug: string;
  /** The store's part number (contract/part-numbers.ts): a family code, then the variant. */
  sku: string;
  brand: string;
  /** The maker's part number and the barcode (GTIN-13, check digit included), when it has them. */
  mpn?: string;
  gtin?: string;
  name: string;
  /** The slug of its category (server/db/demo/categories.ts). */
  category: string;
  /** The drawing it shows: web/public/images/tools/<image>.svg (its own slug when none). */
  image?: string;
  /** Plain-text product copy. */
  description: string;
  /** Values of its category's attributes (and those above it), by key. */
  specs: Record<string, SpecValue>;
  /** Unit price in US cents (bulk B2B price). */
  priceCents: number;
  /** Units in stock. */
  quantity: number;
  /** Bulk minimum order, in units. */
  minimumOrder: number;
  /** Sold in packs of this many (none: any quantity); the most one order may have (none: no cap). */
  orderIncrement?: number;
  maxPerOrder?: number;
  /** Volume prices: from `minQuantity` units in one order, each unit costs `priceCents`. */
  priceTiers?: { minQuantity: number; priceCents: number }[];
}

/** The brands of the demo: the store's own and a few makers it trades (all made up). */
export const BRANDS = {
  own: 'Toolyard',
  power: 'Voltaro',
  hand: 'Brennan & Hale',
  measure: 'Pellham',
  safety: 'Guardwell',
  fixings: 'Anchorline',
  abrasives: 'Abrasa',
  storage: 'Ironbark',
} as const;

/**
 * A GTIN-13 from its first twelve digits: the GS1 check digit appended. The demo's numbers start
 * with 20 to 29, the prefixes GS1 keeps for a store's own use, so none is a real product's.
 */
export function gtin13(first12: string): string {
  let sum = 0;
  for (let i = first12.length - 1, weight = 3; i >= 0; i -= 1, weight = 4 - weight) {
    sum += Number(first12[i]) * weight;
  }
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** What every tool of a family shares; a variant's own fields win. */
type Shared = Partial<Omit<SeedTool, 'slug' | 'sku' | 'name' | 'description' | 'specs'>> &
  Pick<SeedTool, 'category' | 'brand'>;

export interface Variant extends Partial<Omit<SeedTool, 'specs' | 'description'>> {
  slug: string;
  priceCents: number;
  quantity: number;
  sku: string;
  name: string;
  specs: Record<string, SpecValue>;
  /** A sentence of its own, after the family's copy. */
  note?: string;
  /** Its whole copy instead of the family's. */
  description?: string;
}

/** A family's tools: the shared fields, each variant's own, and the copy written from both. */
export function family(
  shared: Shared & { describe: (variant: Variant) => string },
  variants: Variant[],
): SeedTool[] {
  const { describe, ...common } = shared;
  return variants.map(({ note, description, ...variant }) => {
    const copy = description ?? [describe({ note, ...variant }), note].filter(Boolean).join(' ');
    return { minimumOrder: 1, ...common, ...variant, description: copy };
  });
}
