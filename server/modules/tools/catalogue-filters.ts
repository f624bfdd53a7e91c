import type { Entry } from './catalogue-entries.ts';

/**
 * The catalogue's filters as the in-memory index applies them, and the disjunctive facet counts:
 * each filter group's values counted with every other group applied but not its own, so choosing
 * one brand still shows how many tools each other brand would add (docs/decisions/048).
 */

/** One specification's filter: any of `values` (as `specValue` writes them), or within `range`. */
export interface SpecFilter {
  key: string;
  values: ReadonlySet<string>;
  /** For numbers: at least `min`, at most `max` (either may be left out). */
  range?: { min?: number | undefined; max?: number | undefined } | undefined;
}

export interface ToolFilters {
  /** Lower-cased brands. */
  brands?: ReadonlySet<string> | undefined;
  inStock?: boolean | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  specs: readonly SpecFilter[];
}

export const NO_FILTERS: ToolFilters = { specs: [] };

/** A value as filters and facets write it: numbers and yes/no as text (`18`, `true`). */
function specValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Whether a tool can be bought now: at least its minimum order (and one unit) in stock. */
function isBuyable(entry: Pick<Entry, 'quantity' | 'minimumOrder'>): boolean {
  return entry.quantity > 0 && entry.quantity >= entry.minimumOrder;
}

const BRAND = 0;
const STOCK = 1;
const PRICE = 2;
/** The specification filters' groups follow: SPECS + their position in `filters.specs`. */
const SPECS = 3;
const NONE = -1;
const SEVERAL = -2;

function holdsSpec(entry: Entry, filter: SpecFilter): boolean {
  const value = entry.specs[filter.key];
  if (value === undefined) return false;
  if (filter.values.has(specValue(value) ?? '')) return true;
  const { range } = filter;
  if (!range || typeof value !== 'number') return false;
  return (
    (range.min === undefined || value >= range.min) &&
    (range.max === undefined || value <= range.max)
  );
}

/** The one group a tool fails (NONE: it passes them all; SEVERAL: more than one). */
function failing(entry: Entry, filters: ToolFilters): number {
  let failed = NONE;
  const fail = (group: number) => {
    failed = failed === NONE ? group : SEVERAL;
  };
  if (filters.brands && !filters.brands.has(entry.brandKey)) fail(BRAND);
  if (filters.inStock && !isBuyable(entry)) fail(STOCK);
  if (
    (filters.minPrice !== undefined && entry.price < filters.minPrice) ||
    (filters.maxPrice !== undefined && entry.price > filters.maxPrice)
  ) {
    fail(PRICE);
  }
  for (const [at, filter] of filters.specs.entries()) {
    if (failed === SEVERAL) break;
    if (!holdsSpec(entry, filter)) fail(SPECS + at);
  }
  return failed;
}

/** Whether a tool passes every filter. */
export function passes(entry: Entry, filters: ToolFilters): boolean {
  return filters === NO_FILTERS || failing(entry, filters) === NONE;
}

interface SpecCounts {
  /** Tools by value (as `specValue` writes it). */
  values: Map<string, number>;
  /** A number's lowest and highest value (null: no number counted). */
  range: { min: number; max: number } | null;
}

export interface FacetCounts {
  /** The tools passing every filter. */
  total: number;
  /** Those tools by the category they are in themselves. */
  byCategory: Map<string, number>;
  /** Tools by lower-cased brand, with the brand as first written. */
  brands: Map<string, { label: string; count: number }>;
  inStock: number;
  price: { min: number; max: number } | null;
  specs: Map<string, SpecCounts>;
}

function widen(range: { min: number; max: number } | null, value: number) {
  if (!range) return { min: value, max: value };
  if (value < range.min) range.min = value;
  if (value > range.max) range.max = value;
  return range;
}

/**
 * One pass over the tools in scope: a tool failing no group counts everywhere, a tool failing
 * exactly one group counts in that group's own values (what choosing them would add), a tool
 * failing two counts nowhere. `keys`: the specifications whose values to count.
 */
export function countFacets(
  scope: Iterable<Entry>,
  filters: ToolFilters,
  keys: readonly string[],
): FacetCounts {
  const counts: FacetCounts = {
    total: 0,
    byCategory: new Map(),
    brands: new Map(),
    inStock: 0,
    price: null,
    specs: new Map(keys.map((key) => [key, { values: new Map(), range: null }])),
  };
  const groupOf = new Map(filters.specs.map((filter, at) => [filter.key, SPECS + at]));
  for (const entry of scope) {
    const failed = failing(entry, filters);
    if (failed === SEVERAL) continue;
    if (failed === NONE) {
      counts.total += 1;
      if (entry.categoryId !== null) {
        counts.byCategory.set(entry.categoryId, (counts.byCategory.get(entry.categoryId) ?? 0) + 1);
      }
      if (isBuyable(entry)) counts.inStock += 1;
    }
    if (failed === NONE || failed === BRAND) {
      const brand = counts.brands.get(entry.brandKey);
      if (brand) brand.count += 1;
      else counts.brands.set(entry.brandKey, { label: entry.brand, count: 1 });
    }
    if (failed === NONE || failed === PRICE) counts.price = widen(counts.price, entry.price);
    for (const [key, spec] of counts.specs) {
      if (failed !== NONE && failed !== groupOf.get(key)) continue;
      const value = entry.specs[key];
      const written = specValue(value);
      if (written === undefined) continue;
      spec.values.set(written, (spec.values.get(written) ?? 0) + 1);
      if (typeof value === 'number') spec.range = widen(spec.range, value);
    }
  }
  return counts;
}
