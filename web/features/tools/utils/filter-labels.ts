import type { Facets } from '#contract/catalogue-filters.ts';
import { formatMoney, toMinorUnits } from '#contract/money.ts';
import { MAX_PRICE } from '#contract/pricing.ts';
import {
  type CatalogueFilters,
  parseRange,
  rangeValue,
  toggleBrand,
  toggleSpecValue,
  withSpecValues,
} from './catalogue-address.ts';

/** A chosen filter as a removable chip: what it says, and the filters without it. */
export interface FilterChip {
  id: string;
  label: string;
  without: CatalogueFilters;
}

/** `1–2.5 kg`, `from 1 kg`, `up to 2.5 kg`: a range as people read it. */
function rangeLabel(
  min: string | undefined,
  max: string | undefined,
  unit: string | null = null,
): string {
  const withUnit = (text: string) => (unit ? `${text} ${unit}` : text);
  if (min !== undefined && max !== undefined) return withUnit(`${min}–${max}`);
  if (min !== undefined) return `from ${withUnit(min)}`;
  return `up to ${withUnit(max ?? '')}`;
}

/** A spec value as the facets label it (`18 V`, `Yes`), or as written when they do not say. */
function specValueLabel(facets: Facets | undefined, key: string, value: string): string {
  const facet = facets?.specs.find((spec) => spec.key === key);
  const range = parseRange(value);
  if (range) return rangeLabel(range.min, range.max, facet?.unit ?? null);
  const known = facet?.values.find((each) => each.value === value)?.label;
  if (known) return known;
  if (facet?.kind === 'boolean') return value === 'true' ? 'Yes' : 'No';
  return facet?.unit ? `${value} ${facet.unit}` : value;
}

/**
 * The chips above the results, one per chosen value: "Brand: Bosch", "In stock only",
 * "Price: $50.00–$200.00", "Voltage: 18 V". Names come from the facets when they have arrived.
 */
export function filterChips(
  filters: CatalogueFilters,
  facets: Facets | undefined,
  formatPrice: (minorUnits: number) => string,
): FilterChip[] {
  const chips: FilterChip[] = filters.brands.map((brand) => ({
    id: `brand:${brand}`,
    label: `Brand: ${facets?.brands.find((each) => each.value === brand)?.label ?? brand}`,
    without: toggleBrand(filters, brand),
  }));
  if (filters.inStock) {
    chips.push({ id: 'inStock', label: 'In stock only', without: { ...filters, inStock: false } });
  }
  const { minPrice, maxPrice } = filters;
  if (minPrice !== undefined || maxPrice !== undefined) {
    chips.push({
      id: 'price',
      label: `Price: ${rangeLabel(
        minPrice === undefined ? undefined : formatPrice(minPrice),
        maxPrice === undefined ? undefined : formatPrice(maxPrice),
      )}`,
      without: { ...filters, minPrice: undefined, maxPrice: undefined },
    });
  }
  for (const [key, values] of Object.entries(filters.specs)) {
    const name = facets?.specs.find((spec) => spec.key === key)?.name ?? key;
    for (const value of values) {
      chips.push({
        id: `spec:${key}:${value}`,
        label: `${name}: ${specValueLabel(facets, key, value)}`,
        without: parseRange(value)
          ? withSpecValues(filters, key, [])
          : toggleSpecValue(filters, key, value),
      });
    }
  }
  return chips;
}

export type PriceBounds =
  | { minPrice: number | undefined; maxPrice: number | undefined }
  | { problems: { field: 'min' | 'max'; message: string }[] };

/**
 * A price range as typed in the store's currency ("50", "199.99"; empty: open) to minor units,
 * or what is wrong with it, field by field.
 */
export function priceBounds(min: string, max: string, currency: string): PriceBounds {
  const problems: { field: 'min' | 'max'; message: string }[] = [];
  const read = (text: string, field: 'min' | 'max') => {
    if (text.trim() === '') return undefined;
    const amount = toMinorUnits(text, currency);
    if (amount === undefined) {
      problems.push({ field, message: 'Enter an amount, such as 50 or 199.99.' });
    } else if (amount > MAX_PRICE) {
      problems.push({
        field,
        message: `Enter at most ${formatMoney(MAX_PRICE, currency)}.`,
      });
    }
    return amount;
  };
  const minPrice = read(min, 'min');
  const maxPrice = read(max, 'max');
  if (problems.length === 0 && minPrice !== undefined && maxPrice !== undefined) {
    if (minPrice > maxPrice) {
      problems.push({ field: 'max', message: 'Enter at least the lowest price.' });
    }
  }
  return problems.length > 0 ? { problems } : { minPrice, maxPrice };
}

/** A number range as typed ("1", "2.5"; empty: open), or what is wrong with it. */
export function numberRange(
  min: string,
  max: string,
): { value: string | undefined } | { problem: string } {
  const clean = (text: string) => text.trim().replace(',', '.');
  const [low, high] = [clean(min), clean(max)];
  const isNumber = (text: string) => text === '' || /^-?\d+(\.\d+)?$/.test(text);
  if (!isNumber(low) || !isNumber(high)) return { problem: 'Enter numbers, such as 1 or 2.5.' };
  if (low !== '' && high !== '' && Number(low) > Number(high)) {
    return { problem: 'The second number must be at least the first.' };
  }
  return { value: rangeValue(low || undefined, high || undefined) };
}
