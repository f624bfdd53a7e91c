/**
 * What the orders module offers the other modules (payments): paying an order in the caller's
 * transaction, announcing it once committed, and reading an order as the API sends it.
 */

export { listCompanyOrders } from './company-orders.ts';
export { createOrderEvents, type OrderEvents } from './order-events.ts';
export { type Lifecycle, payOrder } from './order-lifecycle.ts';
export { asOrder, findOrder, type OrderRow } from './orders.repo.ts';
