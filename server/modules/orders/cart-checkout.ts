import type { CheckoutCartBody } from '../../../contract/cart.ts';
import type { DeliveryMethod } from '../../../contract/delivery-methods.ts';
import type { Order } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { assertEmailVerified } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import type { TaxFactsRead } from '../tax/index.ts';
import type { DELIVERY_FIELDS, Delivery } from './delivery.ts';
import { asPlaced, earlierOrder, orderOf, type PlacementOptions } from './order-placement.ts';
import { cartContextStatement, cartOpeningOf, runPlacement } from './placement.repo.ts';
import { assertSameCheckout, cartRefusal, LINE_FIELDS } from './placement-problems.ts';

/** The order an Idempotency-Key placed, and the cart version it was made of (null: none). */
type Earlier = { id: string; cartVersion: number | null };

/**
 * Checking out a signed-in customer's cart: one order of the cart's lines as stored (never lines
 * the browser sends), placed in the transaction that empties the cart and records which order its
 * version became. In the same two round trips as any order (placement.repo.ts): the opening one
 * also locks the cart and reads its lines, the writing one also empties it.
 *
 * The page names the cart version it read. Checkouts of one customer queue on their lock, so of
 * two tabs (or two presses) on one version, the second finds it checked out and is told by which
 * order; a cart changed since the page read it is refused too, for the buyer to review.
 */
export async function checkOutCart(
  db: Db,
  options: PlacementOptions,
  request: {
    user: SessionUser;
    /** The checkout with its delivery found (delivery.ts). */
    checkout: Omit<CheckoutCartBody, (typeof DELIVERY_FIELDS)[number]> & Delivery;
    idempotencyKey: string | undefined;
    /** The delivery methods as they are now (order-delivery.ts). */
    methods: readonly DeliveryMethod[];
    /** The destination country's tax rates (order-delivery.ts); exemptions are read under the locks. */
    tax: TaxFactsRead;
  },
): Promise<{ order: Order; isNew: boolean }> {
  const { user, checkout, idempotencyKey, methods, tax } = request;
  assertEmailVerified(user, 'placing an order');
  const { cartVersion, ...placing } = checkout;
  const opening = cartContextStatement(user.id, idempotencyKey, cartVersion);
  const outcome = await runPlacement<Order, Earlier>(db, opening, (json) => {
    const opened = cartOpeningOf(json);
    if ('earlier' in opened) return { end: opened.earlier };
    if ('refused' in opened) throw cartRefusal(cartVersion, opened.refused);
    const placement = { ...placing, lines: opened.lines };
    const { write, result } = orderOf(
      opened.context,
      { user, placement, idempotencyKey, fields: LINE_FIELDS, methods, tax },
      options,
    );
    return { write: { ...write, cart: { userId: user.id, version: cartVersion } }, result };
  });
  if ('placed' in outcome) return { order: await asPlaced(db, outcome.placed), isNew: true };
  const order = await earlierOrder(db, outcome.ended.id);
  assertSameCheckout(order, outcome.ended.cartVersion, checkout);
  return { order, isNew: false };
}
