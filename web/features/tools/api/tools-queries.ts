import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Facets } from '#contract/catalogue-filters.ts';
import type { ManageToolSort, ToolSort } from '#contract/tool-lists.ts';
import { callApi, callApiPage } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';
import { type CatalogueFilters, filterQuery } from '../utils/catalogue-address.ts';
import { toolSummary } from '../utils/tool-summary.ts';

/** What narrows the catalogue: words, a category and the filters (the facets' query too). */
export interface CatalogueScope {
  q?: string | undefined;
  /** A category's slug: its tools and those of the categories below it. */
  category?: string | undefined;
  filters?: CatalogueFilters | undefined;
}

export interface ToolListParams extends CatalogueScope {
  sort: ToolSort;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** The scope as the API's query: the filters' parameters beside q and category. */
function scopeQuery({ q, category, filters }: CatalogueScope) {
  return { q, category, ...(filters ? filterQuery(filters) : {}) };
}

/** A page of the catalogue: each tool as its card shows it (ToolSummary), and how many match. */
export function toolListQuery(params: ToolListParams) {
  return queryOptions({
    queryKey: [...queryKeys.tools, 'list', params],
    queryFn: async ({ signal }) => {
      const { sort, limit, offset } = params;
      const { items, total } = await callApiPage(
        apiRoutes.tools.list,
        // The contract types `spec.<key>` as a catch-all of strings, which numbers do not fit;
        // the query is the list's own parameters (the fetch helper writes numbers as text).
        { query: { ...scopeQuery(params), sort, limit, offset } },
        { signal },
      );
      return { tools: items.map(toolSummary), total };
    },
  });
}

/**
 * Whether a catalogue offers its specifications as filters: in a category, for a search, or once
 * one is chosen (the whole catalogue's are too many, and few apply to every tool).
 */
function showsSpecifications({ q, category, filters }: CatalogueScope): boolean {
  return Boolean(category) || Boolean(q) || Object.keys(filters?.specs ?? {}).length > 0;
}

/**
 * The facets as the catalogue shows them. Where it does not offer specifications, their values
 * stay out (17 KB of JSON for the whole catalogue, carried by its page served as islands:
 * decision 080); `hasSpecs` keeps whether there are any, which it says.
 */
export type CatalogueFacets = Facets & { hasSpecs: boolean };

/** Each filter's values with how many tools each would leave (GET /api/tools/facets). */
export function facetsQuery(scope: CatalogueScope) {
  return queryOptions({
    queryKey: [...queryKeys.tools, 'facets', scope],
    queryFn: async ({ signal }): Promise<CatalogueFacets> => {
      const facets = await callApi(
        apiRoutes.tools.facets,
        { query: scopeQuery(scope) },
        { signal },
      );
      return {
        ...facets,
        specs: showsSpecifications(scope) ? facets.specs : [],
        hasSpecs: facets.specs.length > 0,
      };
    },
  });
}

/** The facets; the previous counts stay on screen while the new ones load. */
export function useFacets(scope: CatalogueScope) {
  return useQuery({ ...facetsQuery(scope), placeholderData: keepPreviousData });
}

export function toolQuery(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.tools, 'detail', id],
    queryFn: ({ signal }) => callApi(apiRoutes.tools.get, { params: { id } }, { signal }),
  });
}

/** A page of tools; the previous page stays on screen while the next one loads. */
export function useToolList(params: ToolListParams) {
  return useQuery({ ...toolListQuery(params), placeholderData: keepPreviousData });
}

export function useTool(id: string) {
  return useQuery(toolQuery(id));
}

/**
 * One tool as the store has it now, for a form that edits it: what this page kept is never
 * shown, only what the store answers when asked again.
 */
export function useFreshTool(id: string) {
  const query = useQuery({ ...toolQuery(id), refetchOnMount: 'always' });
  return query.isFetchedAfterMount ? query : { ...query, data: undefined };
}

/** What the admin's list asks for: a search, low stock only, the order, a page. */
export interface ManagedToolListParams {
  q?: string | undefined;
  lowStock?: 'true' | undefined;
  below?: number | undefined;
  sort: ManageToolSort;
  limit: number;
  offset: number;
}

/** A page of the tools an admin manages (fresh, never the catalogue's cache), and how many match. */
function managedToolsQuery(params: ManagedToolListParams) {
  return queryOptions({
    queryKey: [...queryKeys.tools, 'manage', params],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.tools.manage,
        { query: params },
        { signal },
      );
      return { tools: items, total };
    },
  });
}

/** The previous page stays on screen while the next one loads. */
export const useManagedTools = (params: ManagedToolListParams) =>
  useQuery({ ...managedToolsQuery(params), placeholderData: keepPreviousData });

/** How many open orders contain a tool, asked when the delete dialog opens (never kept). */
export function useOpenOrders(id: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.tools, 'open-orders', id],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.tools.openOrders, { params: { id: id ?? '' } }, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}
