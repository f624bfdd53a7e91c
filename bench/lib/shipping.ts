import type { TaxDecision } from '../../contract/tax.ts';
import type { CheckoutDestination } from './order-load.ts';
import type { Buyer } from './seed.ts';
import type { Store } from './store.ts';

/** Germany: a country the bench store does not call its own, so one-line orders are not shipped. */
const COUNTRY = 'DE';
/** The delivery's price in the store's prices (minor units): one band, never free. */
const DELIVERY_PRICE = 695;
/** The country's rate, in percent, added to the store's prices (which include none: TAX_RATE 0). */
const TAX_RATE = 19;

/**
 * Sets the bench store up to ship and tax orders to one country as an admin would, through the
 * admin API: a delivery method serving it (`POST /api/delivery-methods`) and its tax rate
 * (`POST /api/tax-rates`); then reads, as the buyer's checkout page does, how their orders there
 * are taxed (`GET /api/tax/destination`). The bench store names no country of its own, so the
 * one-line orders (typed addresses without a country) keep no delivery and the store's rate.
 */
export async function setUpShipping(
  store: Store,
  adminCookie: string,
  buyer: Buyer,
): Promise<CheckoutDestination> {
  const call = async <T>(cookie: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${store.url}${path}`, {
      method,
      headers: {
        origin: store.origin,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const method = await call<{ _id: string }>(adminCookie, 'POST', '/api/delivery-methods', {
    name: 'Parcel to Germany',
    countries: [COUNTRY],
    priceBasis: 'value',
    bands: [{ upTo: null, price: DELIVERY_PRICE }],
    workingDays: 2,
    cutOffTime: '14:00',
  });
  await call(adminCookie, 'POST', '/api/tax-rates', {
    country: COUNTRY,
    rate: TAX_RATE,
    label: 'VAT',
  });
  const tax = await call<TaxDecision>(
    buyer.cookie,
    'GET',
    `/api/tax/destination?country=${COUNTRY}`,
  );
  if (tax.rateBasisPoints !== TAX_RATE * 100) {
    throw new Error(`orders to ${COUNTRY} are taxed ${JSON.stringify(tax)}, not at ${TAX_RATE} %`);
  }
  return {
    country: COUNTRY,
    postcode: '10115',
    deliveryMethodId: method._id,
    deliveryPrice: DELIVERY_PRICE,
    tax,
  };
}
