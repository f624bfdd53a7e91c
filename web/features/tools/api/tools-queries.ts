import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ToolSort } from '../../../../contract/tools.ts';
import { callApi, callApiWithHeaders } from '../../../lib/api-client.ts';
import { apiRoutes } from '../../../lib/api-routes.ts';
import { queryKeys } from '../../../lib/query-client.ts';

export interface ToolListParams {
  q?: string | undefined;
  sort: ToolSort;
  limit?: number | undefined;
  offset?: number | undefined;
}

export function toolListQuery(params: ToolListParams) {
  return queryOptions({
    queryKey: [...queryKeys.tools, 'list', params],
    queryFn: async ({ signal }) => {
      const { data, headers } = await callApiWithHeaders(
        apiRoutes.tools.list,
        { query: params },
        { signal },
      );
      const total = Number(headers.get('x-total-count'));
      return { tools: data, total: Number.isFinite(total) ? total : data.length };
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
