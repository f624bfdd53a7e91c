import { replaceEqualDeep } from '@tanstack/react-query';
import type { Cart } from '#contract/cart.ts';

/**
 * Of the cart shown and a cart read or answered, the newer: a cart's version only rises. A read
 * the store answered before a change this page made, arriving after that change's own answer
 * (sent while the change was on its way: the cart page opened, the window focused), would show
 * the cart as it was, and the next change, named after that version, would be refused.
 */
export function newerCart(shown: unknown, received: unknown): unknown {
  const isCart = (value: unknown): value is Cart =>
    typeof value === 'object' && value !== null && typeof (value as Cart).version === 'number';
  if (isCart(shown) && isCart(received) && shown.version > received.version) return shown;
  return replaceEqualDeep(shown, received);
}
