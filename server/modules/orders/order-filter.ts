import { type ListOrdersQuery, ORDER_NUMBER_QUERY } from '../../../contract/order-lists.ts';
import type { OrderFilter } from './orders.repo.ts';

/** What the admin's list (and its CSV export) asks the database for, from the query's filters. */
export function orderFilterOf(
  query: Partial<Pick<ListOrdersQuery, 'q' | 'status' | 'company' | 'from' | 'to'>>,
): OrderFilter {
  const filter: OrderFilter = {};
  const wanted = query.q?.trim();
  if (wanted && ORDER_NUMBER_QUERY.test(wanted)) {
    const upper = wanted.toUpperCase();
    // At most 15 digits (the contract): always a safe integer.
    const number = Number(upper.replace(/^(TY|INV)-/, ''));
    filter.number = upper.startsWith('INV-') ? { invoiceNumber: number } : { orderNumber: number };
  } else if (wanted) {
    filter.text = wanted;
  }
  if (query.status) filter.status = query.status;
  if (query.company) filter.companyId = query.company;
  if (query.from) filter.placedFrom = new Date(`${query.from}T00:00:00Z`);
  if (query.to) filter.placedBefore = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000);
  return filter;
}
