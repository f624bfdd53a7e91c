import { createContext } from 'react';
import type { Cart, CheckoutCartBody, MergedLine } from '#contract/cart.ts';
import type { CartLineInput } from '../utils/cart-lines.ts';

/** Where the cart lives: unknown until the session is, then the browser or the store. */
export type CartOwner = 'pending' | 'visitor' | 'customer';

/** What a checkout says beside the cart: the delivery details and the total the buyer saw. */
export type CheckoutDetails = Omit<CheckoutCartBody, 'cartVersion'>;

export interface AddedLines {
  /** Lines that could not be added: the cart was full, or the tool is no longer sold. */
  left: CartLineInput[];
}

export interface CartApi {
  owner: CartOwner;
  /** Each tool in the cart and how many, as the buyer set them. */
  lines: readonly CartLineInput[];
  /** The cart priced by the store (volume prices, stock, problems), once it has answered. */
  cart: Cart | undefined;
  /** The first pricing is on its way. */
  isPending: boolean;
  /** A change was made and its prices are on their way (the last ones still show). */
  isUpdating: boolean;
  /** Why the cart could not be read, when there is nothing to show. */
  error: unknown;
  /** Reads the cart again (after an error, or when it may be out of date). */
  refresh: () => void;
  /**
   * Adds lines (a tool already in the cart gets the quantities added): from a tool's page, the
   * catalogue, or an earlier order ("order again"). Resolves once the cart has them.
   */
  addLines: (lines: readonly CartLineInput[]) => Promise<AddedLines>;
  setQuantity: (toolId: string, quantity: number) => void;
  remove: (toolId: string) => void;
  /**
   * Settles once every change sent to the store has been answered (they go one at a time, in
   * order): a checkout names the cart as this page changed it (use-cart-checkout.ts).
   */
  saved: () => Promise<unknown>;
  /** The last change the store refused or never got (a signed-in customer's cart). */
  writeError: unknown;
  /**
   * What joining the cart kept before signing in to the account's did, line by line (the store's
   * answer), until a page takes it to show once; null when there is nothing to tell.
   */
  mergeReport: readonly MergedLine[] | null;
  takeMergeReport: () => void;
}

export const CartContext = createContext<CartApi | null>(null);
