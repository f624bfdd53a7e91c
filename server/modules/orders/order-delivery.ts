import { countryName } from '../../../contract/addresses.ts';
import type { DeliveryMethod } from '../../../contract/delivery-methods.ts';
import type { OrderDelivery } from '../../../contract/shipments.ts';
import { readTogether, type Tx } from '../../db/client.ts';
import { conflict, fieldError } from '../../errors.ts';
import { deliveryOptions, listDeliveryMethods } from '../shipping/index.ts';
import { type TaxFactsRead, taxFactsOf } from '../tax/index.ts';
import type { Delivery } from './delivery.ts';

/**
 * The delivery method an order travels by (docs/decisions/062), decided when it is placed from the
 * methods as they are then, the order's own weight and goods, and the database's clock: the price
 * and the promised day are never the browser's.
 */

/** What the order asked for and goes to. */
export interface DeliveryAsked extends Pick<Delivery, 'deliveryAddress'> {
  deliveryMethodId?: string | undefined;
}

/** What an order's destination decides: the delivery methods, and the tax rates and exemptions. */
export interface Destination {
  methods: readonly DeliveryMethod[];
  tax: TaxFactsRead;
}

/** The delivery methods and tax rates an order to where it goes is judged on. */
export async function destinationOf(tx: Tx, asked: DeliveryAsked): Promise<Destination> {
  const [methods, tax] = await readTogether(tx, [
    () => methodsFor(tx, asked),
    () => taxFactsOf(tx, asked.deliveryAddress?.country ?? null),
  ]);
  return { methods, tax };
}

/**
 * The methods a placement is judged on: every method, for an order to an address of the book (its
 * country is known); none for a typed address, which names no country.
 */
async function methodsFor(tx: Tx, asked: DeliveryAsked): Promise<DeliveryMethod[]> {
  if (asked.deliveryAddress === null) return [];
  return listDeliveryMethods(tx);
}

/**
 * The method chosen, priced and dated for this order; null for an order to a country no method
 * serves (or a typed address). Throws when a method must be chosen and was not, or the one chosen
 * does not serve this order now.
 */
export function chosenDelivery(
  asked: DeliveryAsked,
  methods: readonly DeliveryMethod[],
  order: { weightGrams: number; value: number },
  clock: { now: Date; timeZone: string },
): OrderDelivery | null {
  const address = asked.deliveryAddress;
  if (address === null) {
    if (asked.deliveryMethodId === undefined) return null;
    throw fieldError(
      'deliveryMethodId',
      'Delivery methods go by the country of an address in your address book: deliver to one of those to choose a delivery method.',
    );
  }
  const country = countryName(address.country);
  const options = deliveryOptions(methods, address.country, order, clock);
  if (asked.deliveryMethodId === undefined) {
    if (options.length === 0) return null;
    throw fieldError(
      'deliveryMethodId',
      `Choose how this order travels to ${country}: ${options.map((option) => option.name).join(', ')}.`,
    );
  }
  const option = options.find((each) => each.methodId === asked.deliveryMethodId);
  if (!option) {
    const method = methods.find((each) => each._id === asked.deliveryMethodId);
    throw conflict(
      'delivery_method_unavailable',
      `${method ? method.name : 'This delivery method'} no longer delivers this order to ${country}. Nothing was ordered; choose another delivery method.`,
    );
  }
  return {
    methodId: option.methodId,
    name: option.name,
    price: option.price,
    promisedDate: option.deliveryDate,
  };
}
