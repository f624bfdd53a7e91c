import { queryOptions } from '@tanstack/react-query';
import type { Cart, CheckoutCartBody, MergedCart } from '#contract/cart.ts';
import type { Order } from '#contract/orders.ts';
import { callApi } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';
import type { CartLineInput } from '../utils/cart-lines.ts';
import { newerCart } from '../utils/newer-cart.ts';

/** A signed-in customer's cart as the store holds it now. */
export function readServerCart(signal?: AbortSignal): Promise<Cart> {
  return callApi(apiRoutes.cart.get, {}, { signal });
}

/** A signed-in customer's cart, kept on the server. */
export const serverCartQuery = queryOptions({
  queryKey: [...queryKeys.cart, 'server'],
  queryFn: ({ signal }) => readServerCart(signal),
  structuralSharing: newerCart,
});

/** A visitor's lines priced by the store, exactly as a customer's cart is. */
export function quoteQuery(lines: readonly CartLineInput[]) {
  return queryOptions({
    queryKey: [...queryKeys.cart, 'quote', lines],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.cart.quote, { body: { lines: [...lines] } }, { signal }),
    // Stock and prices move: a cart shown again is priced again.
    staleTime: 30_000,
  });
}

/**
 * Replaces the customer's cart with `lines`, made from the cart at `version`: a cart changed since
 * (another tab, another device) is refused, 409 `cart_changed`, and stays as it is.
 */
export function putServerCart(
  lines: readonly CartLineInput[],
  version: number | undefined,
): Promise<Cart> {
  return callApi(apiRoutes.cart.put, {
    body: { lines: [...lines], ...(version === undefined ? {} : { version }) },
  });
}

/** A visitor's lines joined to the customer's cart by the store, which says what it did. */
export function mergeIntoServerCart(lines: readonly CartLineInput[]): Promise<MergedCart> {
  return callApi(apiRoutes.cart.merge, { body: { lines: [...lines] } });
}

/** One order of the customer's cart as the store holds it at `cartVersion`, which empties it. */
export function checkOutServerCart(body: CheckoutCartBody, idempotencyKey: string): Promise<Order> {
  return callApi(apiRoutes.cart.checkout, { body, headers: { 'idempotency-key': idempotencyKey } });
}

/** A cart with nothing in it, without asking the store. */
export function emptyCart(currency: string): Cart {
  return {
    lines: [],
    total: 0,
    currency,
    isReady: false,
    problem: null,
    updatedAt: null,
    version: 0,
  };
}
