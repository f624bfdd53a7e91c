import { readsCompanyOrders } from '../../../contract/companies.ts';
import type { ListCompanyOrdersQuery } from '../../../contract/company-orders.ts';
import type { Order } from '../../../contract/orders.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { membershipOf } from '../companies/index.ts';
import * as repo from './orders.repo.ts';

/**
 * Whether `user` may read `order` as a member of its company: an owner, approver or viewer of the
 * company the order was placed for, as they are now (read fresh, never from the session).
 */
export async function readsAsCompany(tx: Tx, user: SessionUser, order: repo.OrderRow) {
  if (order.companyId === null) return false;
  return (await companyReadOf(tx, user)) === order.companyId;
}

/** The company whose every order the caller reads (an owner, approver or viewer of it), or null. */
export async function companyReadOf(tx: Tx, user: SessionUser): Promise<string | null> {
  const membership = await membershipOf(tx, user.id);
  return membership && readsCompanyOrders(membership.role) ? membership.companyId : null;
}

/**
 * The caller's company's orders, newest first: every one for owners, approvers and viewers (by
 * buyer and status), a buyer's own for a buyer.
 */
export async function listCompanyOrders(
  tx: Tx,
  user: SessionUser,
  query: ListCompanyOrdersQuery,
): Promise<{ orders: Order[]; total: number }> {
  const membership = await membershipOf(tx, user.id);
  if (!membership) throw notFound('You are not in a company.');
  const filter: repo.OrderFilter = { companyId: membership.companyId };
  if (!readsCompanyOrders(membership.role)) filter.ownerId = user.id;
  else if (query.buyer) filter.ownerId = query.buyer;
  if (query.buyer && filter.ownerId !== query.buyer) return { orders: [], total: 0 };
  if (query.status) filter.status = query.status;
  const { rows, total } = await repo.listOrders(tx, filter, {
    sort: 'newest',
    limit: query.limit,
    offset: query.offset,
  });
  return { orders: await repo.asOrders(tx, rows), total };
}
