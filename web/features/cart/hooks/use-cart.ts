import { useContext } from 'react';
import { type CartApi, CartContext } from './cart-context.ts';

/**
 * The buyer's cart, wherever it lives (the browser for a visitor, the store once signed in):
 * `useCart().addLines([{ toolId, quantity }])` fills it.
 */
export function useCart(): CartApi {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart must be used inside <CartProvider>');
  return cart;
}
