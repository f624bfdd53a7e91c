import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceOrderBody } from '#contract/order-placement.ts';
import type { NoteRefundBody } from '#contract/order-refunds.ts';
import type { Order, ShipOrderBody } from '#contract/orders.ts';
import type { UpdateShipmentsBody } from '#contract/shipments.ts';
import { callApi } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { isOutcomeUnknown } from '#web/lib/form-errors.ts';
import { queryKeys } from '#web/lib/query-client.ts';

/**
 * Orders move stock and what is owed on account (an order placed or cancelled on account, a
 * refund's credit note), so tools and payment terms are refreshed with them.
 */
function useRefreshOrdersAndStock() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
      queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
      queryClient.invalidateQueries({ queryKey: queryKeys.tools }),
      queryClient.invalidateQueries({ queryKey: queryKeys.terms }),
    ]);
}

/** Places an order of lines (buy now: one tool's), with its delivery and the total shown. */
export function usePlaceOrder() {
  const refresh = useRefreshOrdersAndStock();
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: PlaceOrderBody;
      /** Names this order: asking again with it returns the order instead of placing another. */
      idempotencyKey: string;
    }) =>
      callApi(apiRoutes.orders.create, {
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    // A refusal (e.g. out of stock meanwhile) also means the stock on screen is out of date.
    // Not awaited: the answer shows at once, whatever the refresh meets.
    onSettled: () => {
      void refresh();
    },
  });
}

export function useCancelOrder() {
  const refresh = useRefreshOrdersAndStock();
  return useMutation({
    mutationFn: (order: Order) => callApi(apiRoutes.orders.cancel, { params: { id: order._id } }),
    onSuccess: refresh,
  });
}

/** Marks a paid order shipped, with the carrier and tracking number when the admin gives them. */
export function useShipOrder() {
  const refresh = useRefreshOrdersAndStock();
  return useMutation({
    mutationFn: ({ order, shipment }: { order: Order; shipment: Omit<ShipOrderBody, 'status'> }) =>
      callApi(apiRoutes.orders.ship, {
        params: { id: order._id },
        body: { status: 'shipped', ...shipment },
      }),
    onSuccess: refresh,
  });
}

/** Changes a shipped order's parcels and tracking numbers; the customer is emailed them again. */
export function useUpdateShipments() {
  const refresh = useRefreshOrdersAndStock();
  return useMutation({
    mutationFn: ({ order, shipment }: { order: Order; shipment: UpdateShipmentsBody }) =>
      callApi(apiRoutes.orders.updateShipments, { params: { id: order._id }, body: shipment }),
    onSuccess: refresh,
  });
}

/** Refunds a paid, shipped or on-account order through the provider it was paid with. */
export function useNoteRefund() {
  const refresh = useRefreshOrdersAndStock();
  return useMutation({
    mutationFn: ({
      order,
      refund,
      idempotencyKey,
    }: {
      order: Order;
      refund: NoteRefundBody;
      /** Names this refund: asking again with it returns the refund instead of making another. */
      idempotencyKey: string;
    }) =>
      callApi(apiRoutes.orders.noteRefund, {
        params: { id: order._id },
        body: refund,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    onSuccess: refresh,
    // Refused, the order may have moved on (an earlier try made a refund, another admin refunded
    // it): the dialog then counts what is left from the order as it is.
    onError: (error) => (isOutcomeUnknown(error) ? undefined : refresh()),
  });
}

/**
 * Sends again a refund the payment provider never answered for, under its own key (made at most
 * once at the provider). Refused too, the order is read again: the refund may have been answered
 * or sent by someone else meanwhile.
 */
export function useSendRefundAgain() {
  const refresh = useRefreshOrdersAndStock();
  return useMutation({
    mutationFn: ({ order, refundId }: { order: Order; refundId: string }) =>
      callApi(apiRoutes.orders.sendRefundAgain, { params: { id: order._id, refundId } }),
    onSettled: refresh,
  });
}

/**
 * Approves an order that waits for the company's approval: the buyer may then pay it. Refused, the
 * order is read again too: it may have moved on meanwhile (cancelled by its buyer, decided by
 * another approver), and the page then shows it as it is, without the buttons that no longer apply.
 */
export function useApproveOrder() {
  const refresh = useRefreshOrdersAndStock();
  return useMutation({
    mutationFn: (order: Order) =>
      callApi(apiRoutes.orderApprovals.approve, { params: { id: order._id } }),
    onSettled: refresh,
  });
}

/** Rejects an order that waits for the company's approval, with the reason the buyer reads. */
export function useRejectOrder() {
  const refresh = useRefreshOrdersAndStock();
  return useMutation({
    mutationFn: ({ order, reason }: { order: Order; reason: string }) =>
      callApi(apiRoutes.orderApprovals.reject, { params: { id: order._id }, body: { reason } }),
    // Refused too: the order changed meanwhile (its buyer cancelled it, another approver decided),
    // and the page under the dialog shows it as it is now.
    onSettled: refresh,
  });
}
