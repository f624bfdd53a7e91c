/**
 * What the orders module offers the other modules (payments, quotes): paying an order in the
 * caller's transaction, announcing it once committed, reading an order as the API sends it, who may order (quotes ask the same), and the
 * service's placing of an order at agreed prices (an accepted quote's).
 */

export { assertMayOrder } from './approval-rules.ts';
export { listCompanyOrders } from './company-orders.ts';
export { creditedAmount, paidOnAccount } from './credit-notes.ts';
export { createOrderEvents, type OrderEvents } from './order-events.ts';
export { type Lifecycle, payOrder } from './order-lifecycle.ts';
export { applyRefundReport } from './order-refunds.ts';
export { asOrder, findOrder, type OrderRow } from './orders.repo.ts';
export type { OrdersService } from './orders.service.ts';
export type { RefundAnswer, RefundReport, RefundRequest, SendRefund } from './refund-gateway.ts';
