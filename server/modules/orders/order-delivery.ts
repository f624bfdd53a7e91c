import { countryInSentence } from '../../../contract/addresses.ts';
import type { DeliveryMethod } from '../../../contract/delivery-methods.ts';
import type { OrderDelivery } from '../../../contract/shipments.ts';
import type { DestinationCache } from '../../cache/destination-cache.ts';
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
export interface DeliveryAsked extends Pick<Delivery, 'destination'> {
  deliveryMethodId?: string | undefined;
  /**
   * The spec's one-tool call, which has no field for a method: it travels by the cheapest method
   * that serves its destination, priced as any other (decision 072).
   */
  isCheapestMethod?: boolean;
}

/** What an order's destination decides: the delivery methods, and the tax rates and exemptions. */
export interface Destination {
  methods: readonly DeliveryMethod[];
  tax: TaxFactsRead;
}

/**
 * The delivery methods and tax rates an order to where it goes is judged on: from memory, read
 * afresh after any change to either (server/cache/destination-cache.ts).
 */
export async function destinationOf(
  tx: Tx,
  asked: DeliveryAsked,
  kept: DestinationCache,
): Promise<Destination> {
  const [methods, tax] = await readTogether(tx, [
    () => methodsFor(tx, asked, kept),
    () => taxFactsOf(tx, asked.destination?.country ?? null, kept),
  ]);
  return { methods, tax };
}

/**
 * The methods a placement is judged on: every method, for an order whose country is known; none
 * when it is not (an address typed without a country, in a store that names no country of its own).
 */
async function methodsFor(
  tx: Tx,
  asked: DeliveryAsked,
  kept: DestinationCache,
): Promise<DeliveryMethod[]> {
  if (asked.destination === null) return [];
  return kept.methods(() => listDeliveryMethods(tx));
}

/**
 * The method chosen, priced and dated for this order; null for an order to a country no method
 * serves (or whose country is unknown). Throws when a method must be chosen and was not, or the
 * one chosen does not serve this order now.
 */
export function chosenDelivery(
  asked: DeliveryAsked,
  methods: readonly DeliveryMethod[],
  order: { weightGrams: number; value: number },
  clock: { now: Date; timeZone: string },
): OrderDelivery | null {
  const destination = asked.destination;
  if (destination === null) {
    if (asked.deliveryMethodId === undefined) return null;
    throw fieldError(
      'deliveryMethodId',
      "Delivery methods go by the address's country: give the country of the typed address, or deliver to an address in your address book.",
    );
  }
  const country = countryInSentence(destination.country);
  const options = deliveryOptions(methods, destination.country, order, clock);
  if (asked.deliveryMethodId === undefined) {
    if (options.length === 0) return null;
    // deliveryOptions lists the cheapest first (of equal prices, the sooner).
    const cheapest = asked.isCheapestMethod ? options[0] : undefined;
    if (!cheapest)
      throw fieldError(
        'deliveryMethodId',
        `Choose how this order travels to ${country}: ${options.map((option) => option.name).join(', ')}.`,
      );
    return {
      methodId: cheapest.methodId,
      name: cheapest.name,
      price: cheapest.price,
      promisedDate: cheapest.deliveryDate,
    };
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
