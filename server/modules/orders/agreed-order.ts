import { sql } from 'drizzle-orm';
import type { DeliveryMethod } from '../../../contract/delivery-methods.ts';
import type { PlaceOrderBody } from '../../../contract/order-placement.ts';
import type { Order } from '../../../contract/orders.ts';
import type { Tx } from '../../db/client.ts';
import { assertEmailVerified } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import type { TaxFactsRead } from '../tax/index.ts';
import { orderOf, type Placement, type PlacementOptions } from './order-placement.ts';
import { contextOf, contextStatement, placeStatements } from './placement.repo.ts';
import { LINE_FIELDS } from './placement-problems.ts';

/**
 * Places an order at agreed prices inside the caller's transaction (see agreedPrices), to an
 * address of the caller's book or one typed (as any order).
 */
export type PlaceAgreed = (
  user: SessionUser,
  placement: Omit<PlaceOrderBody, 'expectedTotal'>,
  agreedPrices: ReadonlyMap<string, number>,
) => Promise<Order>;

/**
 * An order at prices agreed elsewhere (an accepted quote's offer), placed inside the caller's
 * transaction by the same SQL functions and rules as every order (stock, quantity rules, the caps
 * on unpaid orders, the largest order); only the unit prices come from the caller. The caller
 * locks what guards the placement before and writes its own rows after, so that both commit
 * together or not at all. Not the hot path: plain statements, not placement.repo.ts's two round
 * trips.
 */
export async function placeAgreedOrder(
  tx: Tx,
  options: PlacementOptions,
  request: {
    user: SessionUser;
    /** The lines and the delivery, already read from the address book when one was chosen. */
    placement: Omit<Placement, 'expectedTotal'>;
    agreedPrices: ReadonlyMap<string, number>;
    /** The delivery methods as they are now (order-delivery.ts). */
    methods: readonly DeliveryMethod[];
    /** The destination country's tax rates (order-delivery.ts); exemptions are read under the locks. */
    tax: TaxFactsRead;
  },
): Promise<Order> {
  const { user, placement, agreedPrices, methods, tax } = request;
  assertEmailVerified(user, 'placing an order');
  const toolIds = placement.lines.map((line) => line.toolId);
  const opened = await tx.execute<{ context: unknown }>(
    sql.raw(contextStatement(user.id, undefined, toolIds)),
  );
  const context = contextOf(opened.rows[0]?.context);
  const { write, result } = orderOf(
    context,
    { user, placement, idempotencyKey: undefined, fields: LINE_FIELDS, agreedPrices, methods, tax },
    options,
  );
  for (const statement of placeStatements(write)) await tx.execute(sql.raw(statement));
  return result;
}
