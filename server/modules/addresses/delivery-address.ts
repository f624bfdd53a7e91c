import type { DeliveryAddress } from '../../../contract/addresses.ts';
import type { Tx } from '../../db/client.ts';
import { findInBook } from './addresses.repo.ts';
import { bookAccessOf } from './addresses.service.ts';

/**
 * An address of the book `userId` uses now (their company's, or their own), as an order keeps
 * it; null when the id names no address of that book (another company's or person's included).
 */
export async function deliveryAddressFor(
  tx: Tx,
  userId: string,
  addressId: string,
): Promise<DeliveryAddress | null> {
  const { book } = await bookAccessOf(tx, userId);
  const row = await findInBook(tx, book, addressId);
  if (!row) return null;
  const { label, recipient, line1, line2, postcode, city, country, phone } = row;
  return { label, recipient, line1, line2, postcode, city, country, phone };
}
