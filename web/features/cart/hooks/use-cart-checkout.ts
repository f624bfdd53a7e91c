import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { CheckoutCartBody } from '#contract/cart.ts';
import type { Order } from '#contract/orders.ts';
import { isOutcomeUnknown } from '#web/lib/form-errors.ts';
import { queryKeys } from '#web/lib/query-client.ts';
import { checkOutServerCart, readServerCart, serverCartQuery } from '../api/cart-queries.ts';
import type { CheckoutDetails } from './cart-context.ts';
import { useCart } from './use-cart.ts';

/**
 * The checkout sent; when its answer is lost, the cart is read. A cart still at the version sent
 * was not ordered, and one that cannot be read tells nothing: the outcome stays unknown (the form
 * offers to try again, with the same key). A cart at another version was checked out, by this
 * attempt or elsewhere, or changed: asked again at once with the same key and body, the store
 * answers the order this attempt placed, or says what became of the cart (409). Without this, the
 * cart read again shows empty once the order is placed, and the checkout, with its "Try again",
 * leaves the page before the buyer learns of the order.
 */
async function checkOutOrLearn(body: CheckoutCartBody, idempotencyKey: string): Promise<Order> {
  try {
    return await checkOutServerCart(body, idempotencyKey);
  } catch (error) {
    if (!isOutcomeUnknown(error)) throw error;
    const now = await readServerCart().catch(() => undefined);
    if (now === undefined || now.version === body.cartVersion) throw error;
    return checkOutServerCart(body, idempotencyKey);
  }
}

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
      try {
        const order = await checkOutOrLearn({ ...details, cartVersion }, idempotencyKey);
        attemptVersions.current.delete(idempotencyKey);
        return order;
      } catch (error) {
        if (!isOutcomeUnknown(error)) attemptVersions.current.delete(idempotencyKey);
        throw error;
      } finally {
        // Emptied by the order, or changed elsewhere; and stock and orders moved.
        for (const queryKey of [
          queryKeys.cart,
          queryKeys.orders,
          queryKeys.payments,
          queryKeys.tools,
        ])
          void queryClient.invalidateQueries({ queryKey });
      }
    },
    [queryClient, saved],
  );
}
