import { z } from 'zod';
import { DeliveryAddressSchema } from '#contract/addresses.ts';

/**
 * What "Buy again" hands the cart page in the navigation's state: where the earlier order went,
 * for checkout to offer it again. History keeps the state, so it is read as untrusted input.
 */
const BuyAgainStateSchema = z.object({
  deliverTo: z.object({
    deliveryAddress: DeliveryAddressSchema.nullable(),
    address: z.string().max(500),
    phone: z.string().max(32),
  }),
});
export type BuyAgainState = z.infer<typeof BuyAgainStateSchema>;

export function readBuyAgainState(state: unknown): BuyAgainState['deliverTo'] | null {
  const parsed = BuyAgainStateSchema.safeParse(state);
  return parsed.success ? parsed.data.deliverTo : null;
}
