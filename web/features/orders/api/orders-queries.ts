import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { apiRoutes } from '../../../lib/api-routes.ts';
import { queryKeys } from '../../../lib/query-client.ts';

/** One order with its lines, for the customer who placed it and for admins. */
export function orderQuery(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.orders, 'one', id],
    queryFn: ({ signal }) => callApi(apiRoutes.orders.get, { params: { id } }, { signal }),
  });
}

export const useOrder = (id: string) => useQuery(orderQuery(id));

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
