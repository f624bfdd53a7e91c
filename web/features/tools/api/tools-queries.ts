import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ManageToolSort, ToolSort } from '#contract/tool-lists.ts';
import { callApi, callApiPage } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

export interface ToolListParams {
  q?: string | undefined;
  /** A category's slug: its tools and those of the categories below it. */
  category?: string | undefined;
  sort: ToolSort;
  limit?: number | undefined;
  offset?: number | undefined;
  /** Specification filters: `spec.<key>`, one value or several. */
  [key: `spec.${string}`]: string | string[] | undefined;
}

export function toolListQuery(params: ToolListParams) {
  return queryOptions({
    queryKey: [...queryKeys.tools, 'list', params],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.tools.list,
        { query: params },
        { signal },
      );
      return { tools: items, total };
    },
  });
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
