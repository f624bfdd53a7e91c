import { describe, expect, it } from 'vitest';
import type { Facets } from '#contract/catalogue-filters.ts';
import { formatMoney } from '#contract/money.ts';
import { readFilters } from './catalogue-address.ts';
import { filterChips, numberRange, priceBounds } from './filter-labels.ts';

const facets: Facets = {
  total: 3,
  suggestion: null,
  categories: [],
  brands: [{ value: 'bosch', label: 'Bosch', count: 2, isSelected: true }],
  inStock: { count: 3, isSelected: true },
  price: { min: 100, max: 90000 },
  specs: [
    {
      key: 'voltage',
      name: 'Voltage',
      kind: 'number',
      unit: 'V',
      values: [{ value: '18', label: '18 V', count: 2, isSelected: true }],
      range: { min: 12, max: 18 },
    },
    {
      key: 'weight',
      name: 'Weight',
      kind: 'number',
      unit: 'kg',
      values: [],
      range: { min: 1, max: 4 },
    },
    { key: 'keyless', name: 'Keyless chuck', kind: 'boolean', unit: null, values: [], range: null },
  ],
};
const usd = (cents: number) => formatMoney(cents, 'USD');

describe('the chips of the chosen filters', () => {
  it('name each filter as people read it, and take only that one away', () => {
    const filters = readFilters(
      new URLSearchParams(
        'brand=bosch&inStock=true&minPrice=5000&maxPrice=20000&spec.voltage=18&spec.weight=1..2.5&spec.keyless=true',
      ),
    );
    const chips = filterChips(filters, facets, usd);
    expect(chips.map((chip) => chip.label)).toEqual([
      'Brand: Bosch',
      'In stock only',
      'Price: $50.00–$200.00',
      'Keyless chuck: Yes',
      'Voltage: 18 V',
      'Weight: 1–2.5 kg',
    ]);
    expect(chips[0]?.without.brands).toEqual([]);
    expect(chips[2]?.without).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(chips[4]?.without.specs).toEqual({ keyless: ['true'], weight: ['1..2.5'] });
  });

  it('say "from" and "up to" for open ranges, and fall back to the address before the facets', () => {
    const filters = readFilters(new URLSearchParams('minPrice=5000&spec.weight=..2&brand=Acme'));
    expect(filterChips(filters, facets, usd).map((chip) => chip.label)).toEqual([
      'Brand: Acme',
      'Price: from $50.00',
      'Weight: up to 2 kg',
    ]);
    expect(filterChips(filters, undefined, usd).map((chip) => chip.label)).toEqual([
      'Brand: Acme',
      'Price: from $50.00',
      'weight: up to 2',
    ]);
  });
});

describe('a price range as typed', () => {
  it('turns currency units into cents, either end open', () => {
    expect(priceBounds('50', '199.99', 'USD')).toEqual({ minPrice: 5000, maxPrice: 19999 });
    expect(priceBounds('', '1,200', 'USD')).toEqual({ minPrice: undefined, maxPrice: 120000 });
    expect(priceBounds('500', '', 'JPY')).toEqual({ minPrice: 500, maxPrice: undefined });
  });

  it('says what is wrong, by field', () => {
    expect(priceBounds('abc', '1.999', 'USD')).toEqual({
      problems: [
        { field: 'min', message: 'Enter an amount, such as 50 or 199.99.' },
        { field: 'max', message: 'Enter an amount, such as 50 or 199.99.' },
      ],
    });
    expect(priceBounds('200', '50', 'USD')).toEqual({
      problems: [{ field: 'max', message: 'Enter at least the lowest price.' }],
    });
    expect(priceBounds('2000000', '', 'USD')).toEqual({
      problems: [{ field: 'min', message: 'Enter at most $1,000,000.00.' }],
    });
  });
});

describe('a number range as typed', () => {
  it('becomes the range value, or a sentence', () => {
    expect(numberRange('1', '2,5')).toEqual({ value: '1..2.5' });
    expect(numberRange('', '3')).toEqual({ value: '..3' });
    expect(numberRange('', '')).toEqual({ value: undefined });
    expect(numberRange('x', '')).toEqual({ problem: 'Enter numbers, such as 1 or 2.5.' });
    expect(numberRange('3', '1')).toEqual({
      problem: 'The second number must be at least the first.',
    });
  });
});
