import { type Entries, type Entry, specColumn } from './catalogue-entries.ts';

/**
 * The catalogue's filters as the in-memory index applies them, and the disjunctive facet counts:
 * each filter group's values counted with every other group applied but not its own, so choosing
 * one brand still shows how many tools each other brand would add (docs/decisions/048). Values
 * are compared and counted by their numbers (catalogue-entries.ts): a facet count over 20,000
 * tools is a pass of small-number increments.
 */

/** One specification's filter: any of `values` (as `specValue` writes them), or within `range`. */
export interface SpecFilter {
  key: string;
  values: ReadonlySet<string>;
  /** For numbers: at least `min`, at most `max` (either may be left out). */
  range?: { min?: number | undefined; max?: number | undefined } | undefined;
}

export interface ToolFilters {
  /** The brands chosen: each lower-cased, with what was typed. */
  brands?: ReadonlyMap<string, string> | undefined;
  inStock?: boolean | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  specs: readonly SpecFilter[];
}

export const NO_FILTERS: ToolFilters = { specs: [] };

/** Filters read against the numbered brands and values: a mask per group of what passes. */
export interface Compiled {
  brands: Uint8Array | undefined;
  inStock: boolean;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  /**
   * Per specification filter: its key's number (-1: no tool holds the key), every tool's value
   * number of it (by `age`) and the values that pass.
   */
  specs: { key: number; column: Int32Array | undefined; passes: Uint8Array }[];
  isEmpty: boolean;
}

export function compileFilters(entries: Entries, filters: ToolFilters): Compiled {
  let brands: Uint8Array | undefined;
  if (filters.brands) {
    brands = new Uint8Array(entries.brands.labels.length);
    for (const brand of filters.brands.keys()) {
      const code = entries.brands.codes.get(brand);
      if (code !== undefined) brands[code] = 1;
    }
  }
  const specs = filters.specs.map((filter) => {
    const key = entries.specs.keys.get(filter.key) ?? -1;
    const written = entries.specs.written[key] ?? [];
    const numbers = entries.specs.numbers[key] ?? [];
    const passes = new Uint8Array(written.length);
    const { range } = filter;
    for (const [code, value] of written.entries()) {
      const number = numbers[code] as number;
      const isInRange =
        range !== undefined &&
        !Number.isNaN(number) &&
        (range.min === undefined || number >= range.min) &&
        (range.max === undefined || number <= range.max);
      if (filter.values.has(value) || isInRange) passes[code] = 1;
    }
    return { key, column: key === -1 ? undefined : specColumn(entries, key), passes };
  });
  return {
    brands,
    inStock: filters.inStock === true,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    specs,
    isEmpty:
      !brands &&
      filters.inStock !== true &&
      filters.minPrice === undefined &&
      filters.maxPrice === undefined &&
      specs.length === 0,
  };
}

/** Whether a tool can be bought now: at least its minimum order (and one unit) in stock. */
function isBuyable(entry: Entry): boolean {
  return entry.quantity > 0 && entry.quantity >= entry.minimumOrder;
}

const BRAND = 0;
const STOCK = 1;
const PRICE = 2;
/** The specification filters' groups follow: SPECS + their position in `specs`. */
const SPECS = 3;
const NONE = -1;
const SEVERAL = -2;

/** The one group a tool fails (NONE: it passes them all; SEVERAL: more than one). */
function failing(entry: Entry, filters: Compiled): number {
  let failed = NONE;
  if (filters.brands && filters.brands[entry.brand] !== 1) failed = BRAND;
  if (filters.inStock && !isBuyable(entry)) {
    if (failed !== NONE) return SEVERAL;
    failed = STOCK;
  }
  if (
    (filters.minPrice !== undefined && entry.price < filters.minPrice) ||
    (filters.maxPrice !== undefined && entry.price > filters.maxPrice)
  ) {
    if (failed !== NONE) return SEVERAL;
    failed = PRICE;
  }
  const { specs } = filters;
  for (let at = 0; at < specs.length; at += 1) {
    const filter = specs[at] as Compiled['specs'][number];
    const code = filter.column ? (filter.column[entry.age] as number) : -1;
    if (code === -1 || filter.passes[code] !== 1) {
      if (failed !== NONE) return SEVERAL;
      failed = SPECS + at;
    }
  }
  return failed;
}

/** Whether a tool passes every filter (stops at the first it fails: a page runs this per tool). */
export function passes(entry: Entry, filters: Compiled): boolean {
  if (filters.isEmpty) return true;
  if (filters.brands && filters.brands[entry.brand] !== 1) return false;
  if (filters.inStock && !isBuyable(entry)) return false;
  if (filters.minPrice !== undefined && entry.price < filters.minPrice) return false;
  if (filters.maxPrice !== undefined && entry.price > filters.maxPrice) return false;
  const { specs } = filters;
  for (let at = 0; at < specs.length; at += 1) {
    const filter = specs[at] as Compiled['specs'][number];
    const code = filter.column ? (filter.column[entry.age] as number) : -1;
    if (code === -1 || filter.passes[code] !== 1) return false;
  }
  return true;
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

/**
 * One pass over the tools in scope: a tool failing no group counts everywhere, a tool failing
 * exactly one group counts in that group's own values (what choosing them would add), a tool
 * failing two counts nowhere. `keys`: the specifications whose values to count.
 */
export function countFacets(
  entries: Entries,
  scope: Iterable<Entry>,
  filters: Compiled,
  keys: readonly string[],
): FacetCounts {
  const counted = keys.map((key) => entries.specs.keys.get(key) ?? -1);
  // The tools failing no group, and those failing only one specification filter (by filter):
  // each key's values are counted over these alone, never over the whole scope again.
  const matched: number[] = [];
  const failingOnly: number[][] = filters.specs.map(() => []);
  const brandCounts = new Int32Array(entries.brands.labels.length);
  const byCategory = new Map<string, number>();
  let inStock = 0;
  let minPrice = Number.POSITIVE_INFINITY;
  let maxPrice = Number.NEGATIVE_INFINITY;
  for (const entry of scope) {
    const failed = failing(entry, filters);
    if (failed === SEVERAL) continue;
    if (failed === NONE) {
      matched.push(entry.age);
      if (entry.categoryId !== null) {
        byCategory.set(entry.categoryId, (byCategory.get(entry.categoryId) ?? 0) + 1);
      }
      if (isBuyable(entry)) inStock += 1;
    } else if (failed >= SPECS) {
      (failingOnly[failed - SPECS] as number[]).push(entry.age);
    }
    if (failed === NONE || failed === BRAND) {
      brandCounts[entry.brand] = (brandCounts[entry.brand] as number) + 1;
    }
    if (failed === NONE || failed === PRICE) {
      if (entry.price < minPrice) minPrice = entry.price;
      if (entry.price > maxPrice) maxPrice = entry.price;
    }
  }
  // Each key's values: counted over the tools failing nothing, and those failing only its filter.
  const byKey: (Int32Array | undefined)[] = counted.map((key) => {
    if (key === -1) return undefined;
    const filterAt = filters.specs.findIndex((filter) => filter.key === key);
    const column = specColumn(entries, key);
    const counts = new Int32Array((entries.specs.written[key] as string[]).length);
    for (const ages of filterAt === -1 ? [matched] : [matched, failingOnly[filterAt] ?? []]) {
      for (const age of ages) {
        const code = column[age] as number;
        if (code !== -1) counts[code] = (counts[code] as number) + 1;
      }
    }
    return counts;
  });
  const brands = new Map<string, { label: string; count: number }>();
  for (const [lower, code] of entries.brands.codes) {
    const count = brandCounts[code] as number;
    if (count > 0) brands.set(lower, { label: entries.brands.labels[code] as string, count });
  }
  const specs = new Map<string, SpecCounts>();
  for (const [at, key] of counted.entries()) {
    const values = new Map<string, number>();
    let range: SpecCounts['range'] = null;
    const column = byKey[at];
    if (column) {
      const written = entries.specs.written[key] as string[];
      const numbers = entries.specs.numbers[key] as number[];
      for (const [code, count] of column.entries()) {
        if (count === 0) continue;
        values.set(written[code] as string, count);
        const number = numbers[code] as number;
        if (Number.isNaN(number)) continue;
        range = range
          ? { min: Math.min(range.min, number), max: Math.max(range.max, number) }
          : { min: number, max: number };
      }
    }
    specs.set(keys[at] as string, { values, range });
  }
  return {
    total: matched.length,
    byCategory,
    brands,
    inStock,
    price: minPrice <= maxPrice ? { min: minPrice, max: maxPrice } : null,
    specs,
  };
}
