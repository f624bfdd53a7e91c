import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayWithCardBody } from '#contract/payments.ts';
import { callApi } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

function paymentQuery(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.payments, id],
    queryFn: ({ signal }) => callApi(apiRoutes.payments.get, { params: { id } }, { signal }),
  });
}

/** The order to pay. `pollUntilPaid` asks again every 2 s while it is unpaid (Stripe's webhook). */
export function usePaymentOrder(id: string, { pollUntilPaid = false } = {}) {
  return useQuery({
    ...paymentQuery(id),
    refetchInterval: (query) =>
      pollUntilPaid && query.state.data?.status === 'unpaid' ? 2000 : false,
  });
}

/** A payment changes the order: its status, transaction id or last failure. */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
    ]);
}

/** Test mode: the server charges the test card and answers paid, or 402 card_declined. */
export function usePayWithTestCard(orderId: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (card: PayWithCardBody) =>
      callApi(apiRoutes.payments.payWithTestCard, { params: { id: orderId }, body: card }),
    // The card number stays in this mutation only while the form is on screen, never longer.
    gcTime: 0,
    onSettled: refresh,
  });
}

/** Stripe mode: the order's PaymentIntent (the server creates it once, then reuses it). */
export function useStripeIntent(orderId: string) {
  return useQuery({
    queryKey: [...queryKeys.payments, orderId, 'intent'],
    queryFn: () =>
      callApi(apiRoutes.payments.createStripeIntent, { params: { id: orderId }, body: {} }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
