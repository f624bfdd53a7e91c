import { formatMoney } from '../../../contract/money.ts';
import type { Order } from '../../../contract/orders.ts';
import { type MailContent, renderMail } from '../../mail/templates.ts';
import {
  formatDeadline,
  onAccountParagraphs,
  orderPage,
  type StoreInfo,
  summary,
  taxParagraphs,
} from './order-emails.ts';
import type { OrderTax } from './tax-words.ts';

/**
 * The emails of an order that waits for a company's approval: to the buyer when it is placed, to
 * each approver, and to the buyer again when it is approved or rejected. `because` is the sentence
 * saying which limit it passed (approval-rules.ts); `tax` is how the order is taxed, as its invoice
 * will say (it has none while it waits).
 */

export function awaitingApprovalEmail(
  store: StoreInfo,
  order: Order,
  because: string,
  tax: OrderTax | null,
): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `Order ${order.number} waits for approval`,
    greeting: `Hello ${order.name},`,
    paragraphs: [
      `We received order ${order.number} and are holding its stock, but it needs your company's approval before it can be paid. ${because}`,
      ...summary(order),
      ...taxParagraphs(tax),
      `Your company's owner and approvers have been asked. We will email you when it is approved or rejected. If it is not approved by ${formatDeadline(order.paymentDueAt)}, it is cancelled and its stock released; once approved, you have the usual time to pay.`,
    ],
    action: { label: 'See your order', url: orderPage(store, order) },
  });
}

export function approvalRequestEmail(
  store: StoreInfo,
  order: Order,
  because: string,
  tax: OrderTax | null,
  approver: { name: string },
): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `Order ${order.number} by ${order.name} needs your approval`,
    greeting: `Hello ${approver.name},`,
    paragraphs: [
      `${order.name} placed order ${order.number} for ${formatMoney(order.totalAmount, order.currency)}, and it needs approval. ${because}`,
      ...summary(order),
      ...taxParagraphs(tax),
      `Approve it so that it can be paid, or reject it with a reason. Unless it is approved by ${formatDeadline(order.paymentDueAt)}, it is cancelled and its stock released.`,
    ],
    action: { label: 'Review this order', url: orderPage(store, order) },
  });
}

export function approvedEmail(store: StoreInfo, order: Order, tax: OrderTax | null): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `Order ${order.number} was approved`,
    greeting: `Hello ${order.name},`,
    paragraphs: [
      `${order.approval?.approvedBy ?? 'Your company'} approved order ${order.number}.`,
      ...summary(order),
      ...taxParagraphs(tax),
      ...(order.invoice?.dueAt
        ? onAccountParagraphs(order, order.invoice.dueAt)
        : [
            `Please pay for it by ${formatDeadline(order.paymentDueAt)}. An order not paid by then is cancelled and its stock released.`,
          ]),
    ],
    action: order.invoice?.dueAt
      ? { label: 'See your order and invoice', url: orderPage(store, order) }
      : { label: 'Pay for this order', url: `${store.publicUrl}/dashboard/payment/${order._id}` },
  });
}

export function rejectedEmail(store: StoreInfo, order: Order): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `Order ${order.number} was rejected`,
    greeting: `Hello ${order.name},`,
    paragraphs: [
      `${order.approval?.rejectedBy ?? 'Your company'} rejected order ${order.number}, so we released its stock. Nothing was charged.`,
      `Their reason: ${order.approval?.rejectionReason ?? 'none given'}`,
      ...summary(order),
    ],
    action: { label: 'See your order', url: orderPage(store, order) },
  });
}
