import { decidesApprovals, placesOrders } from '../../../contract/companies.ts';
import type { RejectOrderBody } from '../../../contract/order-approvals.ts';
import type { Order } from '../../../contract/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import { membershipOf } from '../companies/index.ts';
import type { OrderEvents } from './order-events.ts';
import { approveOrder, type Lifecycle, rejectOrder } from './order-lifecycle.ts';
import * as repo from './orders.repo.ts';

/**
 * Approving and rejecting orders that wait for a company's approval (decision 052): by the
 * company's owner or an approver, never by the buyer who placed it, and only while it waits. Who
 * may decide is read from the database in the decision's own transaction, so a removal or a
 * change of role holds at once on every instance.
 */
export function createApprovals(
  db: Db,
  events: OrderEvents,
  options: Lifecycle & { paymentWindowMs: number },
) {
  /** The order, locked, once `user` is known to be one who may decide on it. */
  async function decidable(tx: Tx, user: SessionUser, id: string): Promise<repo.OrderRow> {
    const order = await repo.findOrder(tx, id);
    if (!order) throw notFound('This order does not exist.');
    const membership = await membershipOf(tx, user.id);
    const isCompanys = order.companyId !== null && membership?.companyId === order.companyId;
    if (!isCompanys && order.userId !== user.id && user.role !== 'Admin') {
      throw forbidden('This order belongs to another customer.');
    }
    if (!isCompanys || !membership || !decidesApprovals(membership.role)) {
      throw forbidden(
        "Only the owner or an approver of the buyer's company can approve or reject this order.",
      );
    }
    if (order.userId === user.id) {
      throw forbidden('You placed this order, so another approver or the owner decides on it.');
    }
    return order;
  }

  /**
   * Whether it still waits: a 409 saying what became of it, read after the change found it no
   * longer waiting (approved: to be paid, paid, shipped or on account; or never waiting at all).
   */
  function noLongerWaiting(order: repo.OrderRow | undefined) {
    return conflict(
      'order_not_awaiting_approval',
      order?.status === 'rejected'
        ? 'This order was already rejected.'
        : order?.status === 'cancelled'
          ? 'This order was cancelled (by its buyer, or because it was not approved in time).'
          : order?.approvedAt
            ? 'This order is already approved.'
            : "This order does not wait for approval: it was placed within the company's limits.",
    );
  }

  /**
   * An approval lets the order be paid or invoiced in the company's name: only while its buyer
   * still orders for that company (a removed buyer's order may still be rejected).
   */
  async function assertBuyerStillOrders(tx: Tx, order: repo.OrderRow): Promise<void> {
    const placer = await membershipOf(tx, order.userId);
    if (placer?.companyId === order.companyId && placesOrders(placer.role)) return;
    throw conflict(
      'buyer_left_company',
      'The buyer who placed this order no longer orders for your company, so it cannot be approved. Reject it instead.',
    );
  }

  async function decide(
    user: SessionUser,
    id: string,
    check: (tx: Tx, order: repo.OrderRow) => Promise<void>,
    change: (
      tx: Tx,
      happened: Parameters<Parameters<OrderEvents['transaction']>[1]>[1],
    ) => Promise<Order | undefined>,
    audit: (order: Order) => Parameters<typeof recordAudit>[2],
  ): Promise<Order> {
    return events.transaction(db, async (tx, happened) => {
      const order = await decidable(tx, user, id);
      if (order.status === 'awaiting_approval') await check(tx, order);
      const decided = await change(tx, happened);
      if (!decided) throw noLongerWaiting(await repo.findOrder(tx, id));
      await recordAudit(tx, user, audit(decided));
      return decided;
    });
  }

  return {
    /** awaiting approval → unpaid: the buyer is emailed to pay. */
    approve: (user: SessionUser, id: string) =>
      decide(
        user,
        id,
        assertBuyerStillOrders,
        (tx, happened) => approveOrder(tx, happened, options, id, user.id),
        (order) => ({
          action: 'order.approved',
          target: { type: 'order', id: order._id, label: order.number },
        }),
      ),
    /** awaiting approval → rejected, with the reason: its stock returns, the buyer is emailed. */
    reject: (user: SessionUser, id: string, { reason }: RejectOrderBody) =>
      decide(
        user,
        id,
        async () => {},
        (tx, happened) => rejectOrder(tx, happened, options, id, user.id, reason),
        (order) => ({
          action: 'order.rejected',
          target: { type: 'order', id: order._id, label: order.number },
          details: { reason },
        }),
      ),
  };
}
