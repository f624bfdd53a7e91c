import { z } from 'zod';
import { catalogueFilterFields, withSpecFilters } from './catalogue-filters.ts';
import { CategorySlugSchema } from './categories.ts';
import { pageFields, plainText } from './common.ts';
import { formatUnits } from './format.ts';
import { MAX_STOCK } from './tools.ts';

/** The catalogue's list (search, sort, a page) and the admin's list of tools. */

export const TOOL_SORTS = [
  /** Best match first when searching (newest first otherwise). */
  'relevance',
  'oldest',
  'newest',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
] as const;
export const ToolSortSchema = z.enum(TOOL_SORTS);
export type ToolSort = z.infer<typeof ToolSortSchema>;

/** What narrows the catalogue: words, a category, and the filters (brand, stock, price, specs). */
const catalogueScopeFields = {
  q: plainText(0, 100).optional(),
  /** Only the tools in this category (its slug) and every category below it. */
  category: CategorySlugSchema.optional(),
  ...catalogueFilterFields,
};

export const ListToolsQuerySchema = withSpecFilters({
  ...catalogueScopeFields,
  /** `oldest` (insertion order) by default, as the original API listed tools. */
  sort: ToolSortSchema.default('oldest'),
  /** Without a limit, every matching tool is returned, as the original API did. */
  ...pageFields({ max: 1000 }),
});
/** The facets of a query: the list's words, category and filters, without order or page. */
export const FacetsQuerySchema = withSpecFilters(catalogueScopeFields);
export type FacetsQuery = z.output<typeof FacetsQuerySchema>;
export type ListToolsQuery = z.input<typeof ListToolsQuerySchema>;

/** The most tools one page of the admin's list holds. */
export const MANAGE_TOOLS_PAGE_MAX = 100;

const MANAGE_TOOL_SORTS = [
  'newest',
  'oldest',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
  /** Fewest units in stock first: what to restock first. */
  'stock_asc',
  'stock_desc',
] as const;
const ManageToolSortSchema = z.enum(MANAGE_TOOL_SORTS);
export type ManageToolSort = z.infer<typeof ManageToolSortSchema>;

/** The admin's tool list: a search, low stock only, sorted, a page. Deleted tools never show. */
export const ManageToolsQuerySchema = z.strictObject({
  /** Words of the name or description, part of a name, or a tool's whole id. */
  q: plainText(0, 100).optional(),
  /** Only tools with fewer units in stock than their minimum order (nobody can buy them). */
  lowStock: z
    .enum(['true', 'false'], { error: 'Must be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
  /** Only tools with fewer units in stock than this (overrides lowStock's minimum order). */
  below: z.coerce
    .number({ error: 'Must be a whole number.' })
    .int({ error: 'Must be a whole number.' })
    .min(1, { error: 'Must be at least 1 unit.' })
    .max(MAX_STOCK, { error: `Must be at most ${formatUnits(MAX_STOCK)}.` })
    .optional(),
  sort: ManageToolSortSchema.default('newest'),
  ...pageFields({ max: MANAGE_TOOLS_PAGE_MAX, fallback: 50 }),
});
export type ManageToolsQuery = z.output<typeof ManageToolsQuerySchema>;
