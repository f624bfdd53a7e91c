import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

/**
 * The admin overview's figures. Kept under the orders' key, so shipping or cancelling an order
 * refreshes them; read afresh when the admin comes back to the page after a minute.
 */
const overviewQuery = queryOptions({
  queryKey: [...queryKeys.orders, 'overview'],
  queryFn: ({ signal }) => callApi(apiRoutes.overview.get, {}, { signal }),
  staleTime: 60_000,
});

export const useOverview = () => useQuery(overviewQuery);
