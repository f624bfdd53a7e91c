import type { ToolSort } from '#contract/tool-lists.ts';

/**
 * The catalogue's state as its address holds it (docs/decisions/049): search words, sort, the
 * filters and a page, on /tools and on each category page alike. The parameters are those of
 * GET /api/tools (prices in minor units, `spec.<key>` once per value), so a page's address is its
 * API query. server/http/page-address.ts reads them the same way: keep the two together.
 */

/** `spec.` and an attribute's key, as contract/catalogue-filters.ts spells it (no zod here). */
export const SPEC_PREFIX = 'spec.';
const SPEC_PARAM = /^spec\.([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const SORTS: readonly ToolSort[] = [
  'relevance',
  'oldest',
  'newest',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
];

export interface CatalogueFilters {
  /** Brands, each once, in order. */
  brands: string[];
  inStock: boolean;
  /** Unit price bounds in minor units (cents). */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Attribute key -> values as the facets give them, or one range `min..max` for a number. */
  specs: Record<string, string[]>;
}

export const NO_FILTERS: CatalogueFilters = { brands: [], inStock: false, specs: {} };

export interface CatalogueState {
  q: string;
  sort: ToolSort;
  /** The sort the address names, when it is not the default for the words. */
  sortAsked: ToolSort | undefined;
  page: number;
  filters: CatalogueFilters;
}

/** Search results come best match first; a whole list newest first. */
const defaultSort = (q: string): ToolSort => (q ? 'relevance' : 'newest');

/** Values each once, trimmed, empty ones dropped, in one order: any spelling reads the same. */
const valuesOf = (values: string[]) =>
  [...new Set(values.map((value) => value.trim()).filter(Boolean))].sort();

/** A whole number of minor units, or undefined (the filter is not there). */
function priceOf(value: string | null): number | undefined {
  if (value === null || !/^\d{1,12}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

export function readFilters(search: URLSearchParams): CatalogueFilters {
  const specs: Record<string, string[]> = {};
  for (const name of [...new Set(search.keys())].sort()) {
    const key = SPEC_PARAM.exec(name)?.[1];
    const values = key ? valuesOf(search.getAll(name)) : [];
    if (key && values.length > 0) specs[key] = values;
  }
  return {
    brands: valuesOf(search.getAll('brand')),
    inStock: search.get('inStock') === 'true',
    minPrice: priceOf(search.get('minPrice')),
    maxPrice: priceOf(search.get('maxPrice')),
    specs,
  };
}

export function readCatalogue(search: URLSearchParams): CatalogueState {
  const q = search.get('q')?.trim() ?? '';
  const asked = SORTS.find((sort) => sort === search.get('sort'));
  const sortAsked = asked && (q || asked !== 'relevance') ? asked : undefined;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return { q, sort: sortAsked ?? defaultSort(q), sortAsked, page, filters: readFilters(search) };
}

/** The filters as parameters, in their one order: brand, inStock, prices, specs by key. */
function filterParams(filters: CatalogueFilters): [string, string][] {
  const params: [string, string][] = filters.brands.map((brand) => ['brand', brand]);
  if (filters.inStock) params.push(['inStock', 'true']);
  if (filters.minPrice !== undefined) params.push(['minPrice', String(filters.minPrice)]);
  if (filters.maxPrice !== undefined) params.push(['maxPrice', String(filters.maxPrice)]);
  for (const key of Object.keys(filters.specs).sort()) {
    for (const value of filters.specs[key] ?? []) params.push([`${SPEC_PREFIX}${key}`, value]);
  }
  return params;
}

/** The filters as GET /api/tools and /api/tools/facets take them (a list for repeated ones). */
export function filterQuery(filters: CatalogueFilters): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of filterParams(filters)) {
    const before = query[name];
    query[name] = before === undefined ? value : [...[before].flat(), value];
  }
  return query;
}

/** How many filters are chosen: each brand and spec value, stock and the price range once. */
export function filterCount(filters: CatalogueFilters): number {
  const hasPrice = filters.minPrice !== undefined || filters.maxPrice !== undefined;
  return (
    filters.brands.length +
    (filters.inStock ? 1 : 0) +
    (hasPrice ? 1 : 0) +
    Object.values(filters.specs).reduce((sum, values) => sum + values.length, 0)
  );
}

/**
 * The address (`?…`, or `?` for none) of the catalogue with `changes`: a new search or new
 * filters start at page 1; a sort someone chose stays, otherwise the default for the words applies.
 */
export function catalogueSearch(
  state: CatalogueState,
  changes: { q?: string; sort?: ToolSort; page?: number; filters?: CatalogueFilters },
): string {
  const q = changes.q ?? state.q;
  const isNewList = changes.q !== undefined || changes.filters !== undefined;
  const page = changes.page ?? (isNewList ? 1 : state.page);
  const sort = changes.sort ?? state.sortAsked;
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  if (sort && sort !== defaultSort(q) && (q || sort !== 'relevance')) search.set('sort', sort);
  for (const [name, value] of filterParams(changes.filters ?? state.filters)) {
    search.append(name, value);
  }
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `?${text}` : '?';
}

/** `values` with `value` added, or taken out when it is there. */
const toggled = (values: readonly string[], value: string) =>
  values.includes(value) ? values.filter((each) => each !== value) : valuesOf([...values, value]);

export const toggleBrand = (filters: CatalogueFilters, brand: string): CatalogueFilters => ({
  ...filters,
  brands: toggled(filters.brands, brand),
});

/** A spec's values, or none (the key left out). */
export function withSpecValues(
  filters: CatalogueFilters,
  key: string,
  values: readonly string[],
): CatalogueFilters {
  const { [key]: _dropped, ...others } = filters.specs;
  return { ...filters, specs: values.length > 0 ? { ...others, [key]: [...values] } : others };
}

export const toggleSpecValue = (filters: CatalogueFilters, key: string, value: string) =>
  withSpecValues(filters, key, toggled(filters.specs[key] ?? [], value));

/** A range as a number filter spells it: `1..2.5`, `..2.5`, `1..`; none when both ends are open. */
export function rangeValue(min: string | undefined, max: string | undefined): string | undefined {
  if (!min && !max) return undefined;
  return `${min ?? ''}..${max ?? ''}`;
}

/** A range value's two ends (undefined: open); undefined when the value is no range. */
export function parseRange(value: string): { min?: string; max?: string } | undefined {
  const at = value.indexOf('..');
  if (at < 0) return undefined;
  const min = value.slice(0, at);
  const max = value.slice(at + 2);
  return { ...(min ? { min } : {}), ...(max ? { max } : {}) };
}
