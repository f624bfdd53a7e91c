/**
 * Quotes: a buyer asks for a price, a quantity or a delivery date the store does not show; the
 * store offers prices per line, and the buyer accepts the offer (which places an order at those
 * prices) or declines it. How a quote's number is written, and the statuses it goes through.
 */

/**
 * - requested: waiting for the store's offer;
 * - offered: the store priced it, the offer holds until `validUntil` (after that it is expired,
 *   which is read from the date, never stored);
 * - accepted: the buyer accepted the offer and it became an order;
 * - declined: the buyer declined the offer;
 * - refused: the store declined to offer;
 * - withdrawn: the buyer withdrew the request before an offer.
 */
export const QUOTE_STATUSES = [
  'requested',
  'offered',
  'accepted',
  'declined',
  'refused',
  'withdrawn',
] as const;

/** Who wrote a message on a quote: the buyer's side or the store. */
export const QUOTE_AUTHORS = ['customer', 'store'] as const;
