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

/** How a quote's number is written everywhere (pages, emails, the audit log): `Q-1042`. */
export function formatQuoteNumber(number: number): string {
  return `Q-${number}`;
}

/** The most messages one quote holds (the request's own included), so no thread grows without end. */
export const QUOTE_MESSAGES_MAX = 50;
/** The longest message, in characters. */
export const QUOTE_MESSAGE_MAX_CHARS = 2000;
/** The most quotes one customer may have open (asked for, or offered) at once. */
export const OPEN_QUOTES_MAX = 5;
/** Quote requests in 24 hours, per person and per company (each mails the store, even if withdrawn). */
export const QUOTE_REQUESTS_PER_DAY_MAX = 20;
export const COMPANY_QUOTE_REQUESTS_PER_DAY_MAX = 60;
/** The longest an offer may hold, in days from today. */
export const OFFER_VALIDITY_MAX_DAYS = 90;
/** How far ahead a wanted-by date may be, in days. */
export const WANTED_BY_MAX_DAYS = 730;
