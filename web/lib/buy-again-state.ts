import { z } from 'zod';
import { DeliveryAddressSchema } from '#contract/addresses.ts';
import { IdSchema } from '#contract/common.ts';
import { CountrySchema, PostcodeSchema } from '#contract/countries.ts';

/**
 * What "Buy again" hands the cart page in the navigation's state: where the earlier order went (its
 * address, its country and postcode) and how it travelled, for checkout to offer them again.
 * History keeps the state, so it is read as untrusted input; an entry without a country, postcode
 * or method still reads.
 */
const BuyAgainStateSchema = z.object({
  deliverTo: z.object({
    deliveryAddress: DeliveryAddressSchema.nullable(),
    address: z.string().max(500),
    phone: z.string().max(32),
    country: CountrySchema.nullable().catch(null),
    // As a typed address's postcode is sent (one line of text, trimmed), or none.
    postcode: PostcodeSchema.nullable().catch(null),
    methodId: IdSchema.nullable().catch(null),
  }),
});
/** What the order's page hands over (the country as the order names it). */
export type BuyAgainState = z.input<typeof BuyAgainStateSchema>;

export function readBuyAgainState(
  state: unknown,
): z.output<typeof BuyAgainStateSchema>['deliverTo'] | null {
  const parsed = BuyAgainStateSchema.safeParse(state);
  return parsed.success ? parsed.data.deliverTo : null;
}
