import { addressLines, type DeliveryAddress } from '../../../contract/addresses.ts';
import type { PlaceOrderBody } from '../../../contract/order-placement.ts';
import type { FieldError } from '../../../contract/problem.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, fieldError } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { deliveryAddressFor } from '../addresses/index.ts';

/** Where an order goes: the phone and address text every order has, and the book's copy, if any. */
export interface Delivery {
  phone: string;
  address: string;
  /** The address book's address, as it was when the order was placed; null for a typed one. */
  deliveryAddress: DeliveryAddress | null;
}

type Asked = Pick<PlaceOrderBody, 'addressId' | 'phone' | 'address'>;

/**
 * The delivery an order is placed to: an address of the caller's book, read here (never the
 * browser's copy of it), its lines becoming the order's address text; or the address and phone as
 * typed, which the spec's API and buyers without a book send.
 */
export async function deliveryOf(db: Db, user: SessionUser, asked: Asked): Promise<Delivery> {
  const { addressId, phone, address } = asked;
  if (addressId !== undefined) {
    if (phone !== undefined || address !== undefined)
      throw fieldError(
        'addressId',
        'Send either an address from your address book or a typed address and phone, not both.',
      );
    const copy = await deliveryAddressFor(db, user.id, addressId);
    if (!copy) throw fieldError('addressId', 'No address with this id in your address book.');
    return { phone: copy.phone, address: addressLines(copy).join('\n'), deliveryAddress: copy };
  }
  const missing: FieldError[] = [];
  if (phone === undefined) missing.push({ field: 'phone', in: 'body', message: 'Required.' });
  if (address === undefined) missing.push({ field: 'address', in: 'body', message: 'Required.' });
  if (phone === undefined || address === undefined)
    throw badRequest(
      'Give the delivery address and phone, or choose an address from your book.',
      missing,
    );
  return { phone, address, deliveryAddress: null };
}
