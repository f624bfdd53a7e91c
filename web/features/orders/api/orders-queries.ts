import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { apiRoutes } from '../../../lib/api-routes.ts';
import { queryKeys } from '../../../lib/query-client.ts';

export function myOrdersQuery(email: string) {
  return queryOptions({
    queryKey: [...queryKeys.orders, 'mine', email],
    queryFn: ({ signal }) => callApi(apiRoutes.orders.listMine, { query: { email } }, { signal }),
  });
}

export const allOrdersQuery = queryOptions({
  queryKey: [...queryKeys.orders, 'all'],
  queryFn: ({ signal }) => callApi(apiRoutes.orders.listAll, {}, { signal }),
});

export const useMyOrders = (email: string) => useQuery(myOrdersQuery(email));
export const useAllOrders = () => useQuery(allOrdersQuery);
