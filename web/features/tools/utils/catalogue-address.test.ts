import { describe, expect, it } from 'vitest';
import {
  catalogueSearch,
  filterCount,
  filterQuery,
  NO_FILTERS,
  parseRange,
  rangeValue,
  readCatalogue,
  readFilters,
  toggleBrand,
  toggleSpecValue,
} from './catalogue-address.ts';

const read = (search: string) => readCatalogue(new URLSearchParams(search));

describe('the catalogue address', () => {
  it('reads every filter, each value once and in one order, whatever the spelling', () => {
    const filters = readFilters(
      new URLSearchParams(
        'brand=Makita&brand=%20Bosch%20&brand=Makita&brand=&inStock=true&minPrice=5000&maxPrice=20000' +
          '&spec.voltage=18&spec.voltage=12&spec.weight=1..2.5&spec.Bad=1&spec.=2&utm=1',
      ),
    );
    expect(filters).toEqual({
      brands: ['Bosch', 'Makita'],
      inStock: true,
      minPrice: 5000,
      maxPrice: 20000,
      specs: { voltage: ['12', '18'], weight: ['1..2.5'] },
    });
  });

  it('leaves out what is no filter: a price that is not whole minor units, inStock other than true', () => {
    expect(readFilters(new URLSearchParams('minPrice=12.5&maxPrice=-3&inStock=yes'))).toEqual(
      NO_FILTERS,
    );
  });

  it('writes the filters back in the order the server keeps pages under', () => {
    const state = read('spec.weight=..2.5&brand=B&q=drill&brand=A&inStock=true&page=3');
    expect(catalogueSearch(state, { page: 3 })).toBe(
      '?q=drill&brand=A&brand=B&inStock=true&spec.weight=..2.5&page=3',
    );
  });

  it('starts at page 1 when the filters change, keeping the words and a chosen sort', () => {
    const state = read('q=saw&sort=price_asc&page=4&brand=Bosch');
    const next = catalogueSearch(state, { filters: toggleBrand(state.filters, 'Makita') });
    expect(next).toBe('?q=saw&sort=price_asc&brand=Bosch&brand=Makita');
    expect(catalogueSearch(state, { filters: NO_FILTERS })).toBe('?q=saw&sort=price_asc');
    expect(catalogueSearch(read(''), { filters: NO_FILTERS })).toBe('?');
    // Paging keeps the filters.
    expect(catalogueSearch(state, { page: 5 })).toBe('?q=saw&sort=price_asc&brand=Bosch&page=5');
  });

  it('turns a spec value on and off, dropping the key with its last value', () => {
    const on = toggleSpecValue(NO_FILTERS, 'voltage', '18');
    expect(on.specs).toEqual({ voltage: ['18'] });
    expect(toggleSpecValue(on, 'voltage', '12').specs).toEqual({ voltage: ['12', '18'] });
    expect(toggleSpecValue(on, 'voltage', '18').specs).toEqual({});
  });

  it('asks the API with repeated parameters as lists', () => {
    const filters = readFilters(
      new URLSearchParams('brand=A&brand=B&spec.voltage=18&maxPrice=100'),
    );
    expect(filterQuery(filters)).toEqual({
      brand: ['A', 'B'],
      maxPrice: '100',
      'spec.voltage': '18',
    });
    expect(filterCount(filters)).toBe(4);
    expect(filterCount(readFilters(new URLSearchParams('minPrice=1&maxPrice=2')))).toBe(1);
  });

  it('spells number ranges with either end open', () => {
    expect(rangeValue('1', '2.5')).toBe('1..2.5');
    expect(rangeValue(undefined, '2.5')).toBe('..2.5');
    expect(rangeValue('1', undefined)).toBe('1..');
    expect(rangeValue(undefined, undefined)).toBeUndefined();
    expect(parseRange('1.5..2.5')).toEqual({ min: '1.5', max: '2.5' });
    expect(parseRange('..2.5')).toEqual({ max: '2.5' });
    expect(parseRange('18')).toBeUndefined();
  });
});
