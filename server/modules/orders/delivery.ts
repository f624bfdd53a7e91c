import { addressLines, type DeliveryAddress } from '../../../contract/addresses.ts';
import type { PlaceOrderBody } from '../../../contract/order-placement.ts';
import type { FieldError } from '../../../contract/problem.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, fieldError } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { deliveryAddressFor } from '../addresses/index.ts';

/** Where an order goes as delivery methods and tax read it: a country, and a postcode for a region. */
interface DeliveryPlace {
  country: string;
  /** Empty when a typed address gave none (the country's own tax rate then applies). */
  postcode: string;
}

/** Where an order goes: the phone and address text every order has, and the book's copy, if any. */
export interface Delivery {
  phone: string;
  address: string;
  /** The address book's address, as it was when the order was placed; null for a typed one. */
  deliveryAddress: DeliveryAddress | null;
  /**
   * The country (and postcode) delivery methods and tax go by: the book's address's, the typed
   * address's, or the store's own country for an address typed without one (decision 072); null
   * only when a store that names no country of its own is sent an address without one.
   */
  destination: DeliveryPlace | null;
}

/** The fields of a body that say where an order goes. */
export const DELIVERY_FIELDS = ['addressId', 'phone', 'address', 'country', 'postcode'] as const;
type Asked = Pick<PlaceOrderBody, (typeof DELIVERY_FIELDS)[number]>;

/**
 * A typed address: its own country and postcode, or the store's country (`homeCountry`) when it
 * names none, as the spec's API and older clients send it.
 */
export function typedDelivery(
  typed: { phone: string; address: string; country?: string; postcode?: string },
  homeCountry: string | null,
): Delivery {
  const country = typed.country ?? homeCountry;
  return {
    phone: typed.phone,
    address: typed.address,
    deliveryAddress: null,
    destination: country === null ? null : { country, postcode: typed.postcode ?? '' },
  };
}

/**
 * The delivery an order is placed to: an address of the caller's book, read here (never the
 * browser's copy of it), its lines becoming the order's address text; or the address and phone as
 * typed, with its country and postcode, which the spec's API and buyers without a book send.
 */
export async function deliveryOf(
  db: Tx,
  user: SessionUser,
  asked: Asked,
  homeCountry: string | null,
): Promise<Delivery> {
  const { addressId, phone, address, country, postcode } = asked;
  if (addressId !== undefined) {
    if (
      phone !== undefined ||
      address !== undefined ||
      country !== undefined ||
      postcode !== undefined
    )
      throw fieldError(
        'addressId',
        'Send either an address from your address book or a typed address and phone, not both.',
      );
    const copy = await deliveryAddressFor(db, user.id, addressId);
    if (!copy) throw fieldError('addressId', 'No address with this id in your address book.');
    return {
      phone: copy.phone,
      address: addressLines(copy).join('\n'),
      deliveryAddress: copy,
      destination: { country: copy.country, postcode: copy.postcode },
    };
  }
  const missing: FieldError[] = [];
  if (phone === undefined) missing.push({ field: 'phone', in: 'body', message: 'Required.' });
  if (address === undefined) missing.push({ field: 'address', in: 'body', message: 'Required.' });
  if (phone === undefined || address === undefined)
    throw badRequest(
      'Give the delivery address and phone, or choose an address from your book.',
      missing,
    );
  return typedDelivery(
    {
      phone,
      address,
      ...(country === undefined ? {} : { country }),
      ...(postcode === undefined ? {} : { postcode }),
    },
    homeCountry,
  );
}

/** A body without the fields that say where the order goes (deliveryOf reads those). */
export function withoutDelivery<T extends Partial<Asked>>(
  body: T,
): Omit<T, (typeof DELIVERY_FIELDS)[number]> {
  const {
    addressId: _id,
    phone: _phone,
    address: _address,
    country: _c,
    postcode: _p,
    ...rest
  } = body;
  return rest;
}
