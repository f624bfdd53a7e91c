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

/** Every order, or with `q` the one with that order or invoice number. */
export function allOrdersQuery(q = '') {
  return queryOptions({
    queryKey: [...queryKeys.orders, 'all', q],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.orders.listAll, { query: q ? { q } : {} }, { signal }),
  });
}

export const useMyOrders = (email: string) => useQuery(myOrdersQuery(email));
export const useAllOrders = (q = '') => useQuery(allOrdersQuery(q));
