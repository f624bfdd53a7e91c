import type { Facets, FacetValue } from '../../../contract/catalogue-filters.ts';
import { formatSpecValue } from '../../../contract/format.ts';
import type { FacetsQuery } from '../../../contract/tool-lists.ts';
import { fieldError } from '../../errors.ts';
import type { FacetCounts, SpecFilter, ToolFilters } from './catalogue-filters.ts';
import type { CatalogueShape } from './catalogue-index.ts';

/**
 * A catalogue query as the address gives it, read against the categories and their
 * specifications: the category's scope, the filters with their values read by kind, and the
 * facet answer built from the counts (pure functions; catalogue-reads.ts runs them).
 */

type ShapeAttribute = CatalogueShape['attributes'][number];
type ShapeCategory = CatalogueShape['categories'][number];

/** A category with the ids of those above it and below it (its whole branch), or all. */
export interface CategoryScope {
  category: ShapeCategory | undefined;
  /** The category and every one below it; undefined: the whole catalogue. */
  ids: string[] | undefined;
  /** The filterable specifications of its tools, one per key (the first defined wins). */
  attributes: ShapeAttribute[];
}

/** Each category's children, read once per shape (every request asks). */
const childrenByShape = new WeakMap<CatalogueShape, Map<string | null, ShapeCategory[]>>();

function childrenOf(shape: CatalogueShape): Map<string | null, ShapeCategory[]> {
  const kept = childrenByShape.get(shape);
  if (kept) return kept;
  const children = new Map<string | null, ShapeCategory[]>();
  for (const category of shape.categories) {
    const list = children.get(category.parentId) ?? [];
    list.push(category);
    children.set(category.parentId, list);
  }
  childrenByShape.set(shape, children);
  return children;
}

function subtree(children: Map<string | null, ShapeCategory[]>, id: string): string[] {
  const ids: string[] = [];
  for (const pending = [id]; pending.length > 0; ) {
    const next = pending.pop() as string;
    ids.push(next);
    for (const child of children.get(next) ?? []) pending.push(child.id);
  }
  return ids;
}

/** The category a slug names (400 on `category` when none does) and what its tools can hold. */
export function categoryScope(shape: CatalogueShape, slug: string | undefined): CategoryScope {
  const category = slug === undefined ? undefined : shape.categories.find((c) => c.slug === slug);
  if (slug !== undefined && !category) {
    throw fieldError('category', 'No category has this address.', 'query');
  }
  let ids: string[] | undefined;
  let branch: Set<string> | undefined;
  if (category) {
    ids = subtree(childrenOf(shape), category.id);
    branch = new Set(ids);
    const byId = new Map(shape.categories.map((c) => [c.id, c]));
    for (let at = byId.get(category.parentId ?? ''); at; at = byId.get(at.parentId ?? '')) {
      branch.add(at.id);
    }
  }
  const attributes = new Map<string, ShapeAttribute>();
  for (const attribute of shape.attributes) {
    if (!attribute.filterable || (branch && !branch.has(attribute.categoryId))) continue;
    if (!attributes.has(attribute.key)) attributes.set(attribute.key, attribute);
  }
  return { category, ids, attributes: [...attributes.values()] };
}

/** `min..max`, either end left out. */
const RANGE = /^(-?\d+(?:\.\d+)?)?\.\.(-?\d+(?:\.\d+)?)?$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

function specFilter(attribute: ShapeAttribute, written: readonly string[]): SpecFilter {
  const field = `spec.${attribute.key}`;
  const values = new Set<string>();
  let range: SpecFilter['range'];
  for (const value of written) {
    if (attribute.kind === 'boolean') {
      if (value !== 'true' && value !== 'false') {
        throw fieldError(field, 'Must be true or false.', 'query');
      }
      values.add(value);
    } else if (attribute.kind === 'number') {
      const asRange = RANGE.exec(value);
      if (asRange && (asRange[1] !== undefined || asRange[2] !== undefined)) {
        const min = asRange[1] === undefined ? undefined : Number(asRange[1]);
        const max = asRange[2] === undefined ? undefined : Number(asRange[2]);
        if (range || (min !== undefined && max !== undefined && min > max)) {
          throw fieldError(field, 'Give one range, its lowest value first (10..20).', 'query');
        }
        range = { min, max };
      } else if (NUMBER.test(value)) values.add(String(Number(value)));
      else throw fieldError(field, 'Must be a number, or a range such as 10..20.', 'query');
    } else values.add(value);
  }
  return { key: attribute.key, values, range };
}

/** The filters a query asks for, each specification read by its kind (400 on what is not one). */
export function toolFilters(query: FacetsQuery, scope: CategoryScope): ToolFilters {
  const byKey = new Map(scope.attributes.map((attribute) => [attribute.key, attribute]));
  const specs = Object.entries(query.specs).map(([key, written]) => {
    const attribute = byKey.get(key);
    if (!attribute) {
      throw fieldError(
        `spec.${key}`,
        scope.category
          ? `The tools in ${scope.category.name} cannot be filtered by this specification.`
          : 'No specification buyers may filter by has this key.',
        'query',
      );
    }
    return specFilter(attribute, written);
  });
  return {
    brands: query.brand && new Map(query.brand.map((brand) => [brand.toLowerCase(), brand])),
    inStock: query.inStock === true ? true : undefined,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    specs,
  };
}

function byCount(a: FacetValue, b: FacetValue): number {
  return b.count - a.count || a.label.localeCompare(b.label);
}

/** The facet answer: counts with labels, chosen values kept even when nothing holds them. */
export function facetsAnswer(
  shape: CatalogueShape,
  scope: CategoryScope,
  filters: ToolFilters,
  counts: FacetCounts,
): Facets {
  const children = childrenOf(shape);
  const categories = (children.get(scope.category?.id ?? null) ?? []).map((child) => ({
    slug: child.slug,
    name: child.name,
    count: subtree(children, child.id).reduce((n, id) => n + (counts.byCategory.get(id) ?? 0), 0),
  }));
  const brands: FacetValue[] = [...counts.brands].map(([key, { label, count }]) => ({
    value: label,
    label,
    count,
    isSelected: filters.brands?.has(key) ?? false,
  }));
  // A brand chosen that no tool has any more, as it was typed: it can still be taken off.
  for (const [key, typed] of filters.brands ?? []) {
    if (!counts.brands.has(key))
      brands.push({ value: typed, label: typed, count: 0, isSelected: true });
  }
  const specs = scope.attributes.flatMap((attribute) => {
    const counted = counts.specs.get(attribute.key);
    const filter = filters.specs.find((each) => each.key === attribute.key);
    const values = new Map(counted?.values);
    for (const chosen of filter?.values ?? []) if (!values.has(chosen)) values.set(chosen, 0);
    if (values.size === 0 && !filter) return [];
    const facetValues = [...values].map(([value, count]) => ({
      value,
      label: formatSpecValue(attribute, readValue(attribute, value)),
      count,
      isSelected: filter?.values.has(value) ?? false,
    }));
    if (attribute.kind === 'number') facetValues.sort((a, b) => Number(a.value) - Number(b.value));
    else if (attribute.kind === 'choice') {
      const order = (value: string) => {
        const at = attribute.options.indexOf(value);
        return at === -1 ? attribute.options.length : at;
      };
      facetValues.sort((a, b) => order(a.value) - order(b.value) || byCount(a, b));
    } else if (attribute.kind === 'boolean')
      facetValues.sort((a, b) => b.value.localeCompare(a.value));
    else facetValues.sort(byCount);
    return [
      {
        key: attribute.key,
        name: attribute.name,
        kind: attribute.kind,
        unit: attribute.unit,
        values: facetValues,
        range: attribute.kind === 'number' ? (counted?.range ?? null) : null,
      },
    ];
  });
  return {
    total: counts.total,
    categories,
    brands: brands.sort(byCount),
    inStock: { count: counts.inStock, isSelected: filters.inStock === true },
    price: counts.price,
    specs,
    suggestion: null,
  };
}

function readValue(attribute: ShapeAttribute, value: string): number | string | boolean {
  if (attribute.kind === 'number') return Number(value);
  if (attribute.kind === 'boolean') return value === 'true';
  return value;
}
