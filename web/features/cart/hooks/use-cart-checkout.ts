import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { Order } from '#contract/orders.ts';
import { isOutcomeUnknown } from '#web/lib/form-errors.ts';
import { queryKeys } from '#web/lib/query-client.ts';
import { checkOutServerCart, serverCartQuery } from '../api/cart-queries.ts';
import type { CheckoutDetails } from './cart-context.ts';
import { useCart } from './use-cart.ts';

/**
 * Places one order of the customer's cart as the store holds it, which empties it (one request:
 * the store refuses a cart changed since this page read it, 409 `cart_changed`, or checked out
 * already, 409 `cart_checked_out`). Waits for the cart's changes on their way to be saved first.
 * Asked again with the same key, it names the same cart version, so the store answers the order
 * the first attempt placed. The checkout's own, apart from the cart every page holds.
 */
export function useCartCheckout(): (
  details: CheckoutDetails,
  idempotencyKey: string,
) => Promise<Order> {
  const queryClient = useQueryClient();
  const { saved } = useCart();
  // The cart version each checkout attempt names, by its Idempotency-Key: asked again after no
  // answer came back, it names the same one, and the store answers the order it placed.
  const attemptVersions = useRef(new Map<string, number>());
  return useCallback(
    async (details, idempotencyKey) => {
      let cartVersion = attemptVersions.current.get(idempotencyKey);
      if (cartVersion === undefined) {
        // The version of the cart as this page changed it, once the store has every change.
        await saved();
        cartVersion = queryClient.getQueryData(serverCartQuery.queryKey)?.version ?? 0;
        attemptVersions.current.set(idempotencyKey, cartVersion);
      }
      let isUnknown = false;
      try {
        const order = await checkOutServerCart({ ...details, cartVersion }, idempotencyKey);
        attemptVersions.current.delete(idempotencyKey);
        return order;
      } catch (error) {
        isUnknown = isOutcomeUnknown(error);
        if (!isUnknown) attemptVersions.current.delete(idempotencyKey);
        throw error;
      } finally {
        // Emptied by the order, or changed elsewhere; and stock and orders moved. When the answer
        // was lost, the cart is left as the page knows it: read again, it could show empty (the
        // order placed) and take the checkout, with its "Try again", off the page; the answer to
        // trying again says which it was.
        const moved = [queryKeys.orders, queryKeys.payments, queryKeys.tools];
        for (const queryKey of isUnknown ? moved : [queryKeys.cart, ...moved])
          void queryClient.invalidateQueries({ queryKey });
      }
    },
    [queryClient, saved],
  );
}
