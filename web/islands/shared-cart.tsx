import { type ReactNode, useContext, useEffect, useSyncExternalStore } from 'react';
import { type CartApi, CartContext } from '#web/features/cart/hooks/cart-context.ts';
import { createListeners } from '#web/lib/listeners.ts';

/**
 * The cart is provided once in a page of islands, in the header's (it merges a visitor's cart
 * when someone signs in, which must happen once): the other islands use that one.
 */
let shared: CartApi | null = null;
const changes = createListeners();

function publish(cart: CartApi | null): void {
  shared = cart;
  changes.notify();
}

/** Inside the header's cart: hands it to the page's other islands. */
export function ShareCart(): null {
  const cart = useContext(CartContext);
  // Set while rendering: the header hydrates first, so the islands after it start with its cart.
  shared = cart;
  useEffect(() => publish(cart), [cart]);
  return null;
}

/** The header's cart, for an island's part. */
export function SharedCart({ children }: { children: ReactNode }) {
  const cart = useSyncExternalStore(changes.subscribe, () => shared);
  return <CartContext value={cart}>{children}</CartContext>;
}
