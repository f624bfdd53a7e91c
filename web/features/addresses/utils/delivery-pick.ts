import type { AddressBook, DeliveryAddress } from '#contract/addresses.ts';
import type { CountryCode } from '#contract/countries.ts';

/**
 * Where checkout sends an order: an address of the book, a new address saved to the book first,
 * or an address typed for this order only (the store's first way, which needs no book).
 */
export type DeliveryPick =
  | { kind: 'book'; addressId: string }
  | { kind: 'new' }
  | { kind: 'typed' };

/**
 * What "Buy again" brings from the earlier order: its copy of a book's address, or its text with the
 * country and postcode it went to (null when the order does not say), and the delivery method it
 * travelled by.
 */
export interface EarlierDelivery {
  deliveryAddress: DeliveryAddress | null;
  address: string;
  phone: string;
  country: CountryCode | null;
  /** The postcode its tax went by (a typed address's, as sent), null when the order does not say. */
  postcode: string | null;
  methodId: string | null;
}

const FIELDS = [
  'label',
  'recipient',
  'line1',
  'line2',
  'postcode',
  'city',
  'country',
  'phone',
] as const;

/** The book's address an order's copy still is, field for field; undefined when none is. */
function bookAddressLike(book: AddressBook, copy: DeliveryAddress | null) {
  if (!copy) return undefined;
  return book.addresses.find((address) =>
    FIELDS.every((field) => (address[field] ?? null) === (copy[field] ?? null)),
  );
}

/**
 * What checkout starts with: the earlier order's address when buying again (the book's address it
 * still is, or its text typed again), else the book's default, else a typed address.
 */
export function firstPick(
  book: AddressBook | undefined,
  earlier: EarlierDelivery | null,
): DeliveryPick {
  if (earlier) {
    const same = book ? bookAddressLike(book, earlier.deliveryAddress) : undefined;
    return same ? { kind: 'book', addressId: same._id } : { kind: 'typed' };
  }
  const first = book?.addresses[0];
  return first ? { kind: 'book', addressId: first._id } : { kind: 'typed' };
}
