import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderRoutes } from '../../../../contract/orders.ts';
import { paymentRoutes } from '../../../../contract/payments.ts';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';

export function myOrdersQuery(email: string) {
  return queryOptions({
    queryKey: [...queryKeys.orders, 'mine', email],
    queryFn: ({ signal }) => callApi(orderRoutes.listMine, { query: { email } }, { signal }),
  });
}

export const allOrdersQuery = queryOptions({
  queryKey: [...queryKeys.orders, 'all'],
  queryFn: ({ signal }) => callApi(orderRoutes.listAll, {}, { signal }),
});

export function paymentQuery(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.payments, id],
    queryFn: ({ signal }) => callApi(paymentRoutes.get, { params: { id } }, { signal }),
  });
}

export const useMyOrders = (email: string) => useQuery(myOrdersQuery(email));
export const useAllOrders = () => useQuery(allOrdersQuery);
export const usePaymentOrder = (id: string) => useQuery(paymentQuery(id));
