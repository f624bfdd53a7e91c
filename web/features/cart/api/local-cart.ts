import { createStoredList } from '#web/lib/stored-list.ts';
import { type CartLineInput, parseLines } from '../utils/cart-lines.ts';

/**
 * A visitor's cart, kept in the browser until they sign in, when it joins their cart on the
 * server. What is stored is read as untrusted input (see parseLines).
 */
const localCart = createStoredList<CartLineInput>('toolyard.cart', parseLines);

export const readLocalLines = localCart.read;
export const writeLocalLines = localCart.write;

/** The browser's cart; empty in the server's HTML (the server cannot see it) and until hydrated. */
export const useLocalLines = localCart.use;
