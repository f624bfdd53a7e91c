import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderSort } from '#contract/order-lists.ts';
import type { Order, OrderStatus } from '#contract/orders.ts';
import { callApi, callApiPage } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

/**
 * An order waiting for its company's approval changes by someone else's hand (an approver decides,
 * the buyer cancels, the hold runs out), while its page may be open: read again on coming back.
 */
const isAwaitingApproval = (query: { state: { data?: Order | undefined } }) =>
  query.state.data?.status === 'awaiting_approval';

/**
 * One order with its lines, for the customer who placed it and for admins. A waiting order is read
 * again whenever its page opens and whenever its tab comes back into view.
 */
function orderQuery(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.orders, 'one', id],
    queryFn: ({ signal }) => callApi(apiRoutes.orders.get, { params: { id } }, { signal }),
    // 'always': read within the five minutes the app otherwise trusts what it has (query-client.ts).
    refetchOnMount: (query) => (isAwaitingApproval(query) ? 'always' : true),
    refetchOnWindowFocus: (query) => (isAwaitingApproval(query) ? 'always' : false),
  });
}

export const useOrder = (id: string) => useQuery(orderQuery(id));

/**
 * The order as its page has read it, never asking the store itself: undefined until the page has
 * it. The dashboard's menu reads whose order is open from it.
 */
export const useOrderAsRead = (id: string) => useQuery({ ...orderQuery(id), enabled: false }).data;

/** A page of the customer's own orders, of one status or any, and how many there are. */
export function myOrdersQuery(
  email: string,
  page: { status?: OrderStatus | undefined; limit: number; offset: number },
) {
  return queryOptions({
    queryKey: [...queryKeys.orders, 'mine', email, page],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.orders.listMine,
        { query: { email, ...page } },
        { signal },
      );
      return { orders: items, total };
    },
  });
}

/** What the admin's list asks for: a search, a status, the days placed, the order, a page. */
export interface OrderListParams {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  /** A company's id: its orders only. */
  company?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: OrderSort;
  limit: number;
  offset: number;
}

/** A page of the orders that match, and how many match in all. */
function allOrdersQuery(params: OrderListParams) {
  return queryOptions({
    queryKey: [...queryKeys.orders, 'all', params],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.orders.listAll,
        { query: params },
        { signal },
      );
      return { orders: items, total };
    },
  });
}

export const useMyOrders = (email: string, page: Parameters<typeof myOrdersQuery>[1]) =>
  useQuery({ ...myOrdersQuery(email, page), placeholderData: keepPreviousData });
/** The previous page stays on screen while the next one loads. */
export const useAllOrders = (params: OrderListParams) =>
  useQuery({ ...allOrdersQuery(params), placeholderData: keepPreviousData });
