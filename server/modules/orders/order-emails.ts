import { formatFullDate, formatFullDay, formatLongDateTime } from '#contract/dates.ts';
import { orderAddressText } from '../../../contract/addresses.ts';
import { formatCount } from '../../../contract/format.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { RefundLine } from '../../../contract/order-refunds.ts';
import type { Order } from '../../../contract/orders.ts';
import type { OrderDelivery } from '../../../contract/shipments.ts';
import { type MailContent, renderMail } from '../../mail/templates.ts';
import { type OrderTax, taxSentence } from './tax-words.ts';

export interface StoreInfo {
  storeName: string;
  publicUrl: string;
}

/**
 * Where the order goes, as its page prints it (a typed address with the postcode and country it
 * was sent with), in one line of a sentence: "Site office, Städtle 12, 9490, Liechtenstein".
 */
const deliveredTo = (order: Order) =>
  orderAddressText(order)
    .split('\n')
    .map((line) => line.trim().replace(/,$/, ''))
    .filter(Boolean)
    .join(', ');

/** The order's own page, where the customer sees its lines, timeline and invoice. */
export const orderPage = (store: StoreInfo, order: Order) =>
  `${store.publicUrl}/dashboard/orders/${order._id}`;

/**
 * Each line ("12 × Claw Hammer (SKU TOOL-00012) at $11.50 each: $138.00."), the total when there
 * are several.
 */
export function summary(order: Order): string[] {
  const lines = order.lines.map(
    (line) =>
      `${formatCount(line.quantity)} × ${line.productName} (SKU ${line.sku}) at ${formatMoney(line.unitPrice, order.currency)} each: ${formatMoney(line.lineTotal, order.currency)}.`,
  );
  if (order.delivery) lines.push(deliverySentence(order, order.delivery));
  if (lines.length > 1) lines.push(`Total: ${formatMoney(order.totalAmount, order.currency)}.`);
  // The order's, not the reader's: an approver reads these lines too.
  if (order.poNumber) lines.push(`Purchase order: ${order.poNumber}.`);
  return lines;
}

/** "Delivery by Parcel: $4.95, promised for Friday, December 4, 2026." */
function deliverySentence(order: Order, delivery: OrderDelivery): string {
  const day = formatFullDay(delivery.promisedDate);
  return `Delivery by ${delivery.name}: ${formatMoney(delivery.price, order.currency)}, promised for ${day}.`;
}

/** "Tuesday, November 24, 2026, 2:05 PM UTC": mail readers live in every time zone. */
export const formatDeadline = (iso: string) => formatLongDateTime(iso, 'UTC');

/**
 * The sentence on the order's tax, as its invoice prints it (`tax`: what the order keeps of it,
 * `taxOf` in orders.repo.ts; null for an order placed before tax by destination, whose invoice
 * takes the store's rate when it is issued).
 */
export const taxParagraphs = (tax: OrderTax | null): string[] => (tax ? [taxSentence(tax)] : []);

/**
 * `invoiceDueAt`: an order on account's due date, known as it is placed (its invoice number is
 * taken as it is written, after this email is made).
 */
export function orderConfirmationEmail(
  store: StoreInfo,
  order: Order,
  tax: OrderTax | null,
  invoiceDueAt: Date | null = null,
): MailContent {
  const dueAt = order.paymentMethod === 'account' ? invoiceDueAt?.toISOString() : undefined;
  return renderMail({
    storeName: store.storeName,
    subject: `Order ${order.number} received`,
    greeting: `Hello ${order.name},`,
    paragraphs: [
      `Thank you for your order ${order.number}.`,
      ...summary(order),
      ...taxParagraphs(tax),
      `It will be delivered to: ${deliveredTo(order)}.`,
      ...(dueAt
        ? onAccountParagraphs(order, dueAt)
        : [
            `Please pay for it by ${formatDeadline(order.paymentDueAt)}. An order not paid by then is cancelled and its stock released.`,
          ]),
    ],
    action: dueAt
      ? { label: 'See your order and invoice', url: orderPage(store, order) }
      : { label: 'Pay for this order', url: `${store.publicUrl}/dashboard/payment/${order._id}` },
  });
}

/**
 * An order on account, confirmed: its invoice (issued now, due `dueAt`), paid by bank transfer
 * (no card, no payment window). The email says how the order is taxed beside its lines.
 */
export function onAccountParagraphs(order: Order, dueAt: string): string[] {
  const invoice = order.invoice ? `invoice ${order.invoice.number}` : 'its invoice';
  const due = formatFullDate(dueAt, 'UTC');
  return [
    `It is on your account: ${invoice} for ${formatMoney(order.totalAmount, order.currency)} is issued now and due on ${due}; you can download it from the order's page.`,
    `Please pay it by bank transfer by then, quoting the invoice number. Nothing is charged to a card.`,
  ];
}

export function paymentReceiptEmail(
  store: StoreInfo,
  order: Order,
  card: string | null,
): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `Payment received for order ${order.number}`,
    greeting: `Hello ${order.name},`,
    paragraphs: [
      `We received your payment of ${formatMoney(order.totalAmount, order.currency)} for order ${order.number}.`,
      ...summary(order),
      ...(order.invoice ? [taxSentence(order.invoice)] : []),
      `Transaction id: ${order.transactionId ?? ''}${card ? ` (${card})` : ''}.`,
      'We will let you know when it ships.',
    ],
    action: { label: 'See your order', url: orderPage(store, order) },
    links: order.invoice
      ? [
          {
            label: `Download invoice ${order.invoice.number} (PDF)`,
            url: `${store.publicUrl}/api/orders/${order._id}/invoice.pdf`,
          },
        ]
      : [],
  });
}

/** Each parcel in a sentence: "Parcel 1 of 2: DHL, tracking number JD014600006281230." */
function parcelSentences(order: Order): string[] {
  const count = order.shipments.length;
  return order.shipments.map((parcel) => {
    const which = count > 1 ? `Parcel ${parcel.parcel} of ${count}` : 'Your parcel';
    const carrier = parcel.carrier ?? 'a carrier we did not name';
    const tracking = parcel.trackingNumber
      ? `tracking number ${parcel.trackingNumber}`
      : 'no tracking number';
    return `${which}: ${carrier}, ${tracking}.`;
  });
}

/** The carriers' tracking pages, for the carriers we know. */
function trackingLinks(order: Order): { label: string; url: string }[] {
  return order.shipments.flatMap((parcel) =>
    parcel.trackingUrl
      ? [{ label: `Track ${parcel.carrier} ${parcel.trackingNumber}`, url: parcel.trackingUrl }]
      : [],
  );
}

export function shippedEmail(store: StoreInfo, order: Order): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `Order ${order.number} has shipped`,
    greeting: `Hello ${order.name},`,
    paragraphs: [
      `Good news: order ${order.number} is on its way.`,
      ...summary(order),
      ...parcelSentences(order),
      `Delivery address: ${deliveredTo(order)}.`,
    ],
    action: { label: 'See your order', url: orderPage(store, order) },
    links: trackingLinks(order),
  });
}

/** The parcels or tracking numbers of a shipped order changed. */
export function shipmentUpdatedEmail(store: StoreInfo, order: Order): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `Tracking for order ${order.number}`,
    greeting: `Hello ${order.name},`,
    paragraphs: [
      `We updated how order ${order.number} travels. It is in ${order.shipments.length === 1 ? 'one parcel' : `${order.shipments.length} parcels`}:`,
      ...parcelSentences(order),
    ],
    action: { label: 'See your order', url: orderPage(store, order) },
    links: trackingLinks(order),
  });
}

export function cancellationEmail(
  store: StoreInfo,
  order: Order,
  reason: 'customer' | 'admin' | 'payment_window',
): MailContent {
  // Only unpaid orders, ones awaiting approval and unshipped ones on account with no payment yet
  // can be cancelled: a paid one is refunded instead, so no money was ever taken for a cancelled
  // order.
  return renderMail({
    storeName: store.storeName,
    subject: `Order ${order.number} was cancelled`,
    greeting: `Hello ${order.name},`,
    paragraphs: [
      reason === 'payment_window'
        ? `Order ${order.number} was not ${order.approval && !order.approval.approvedAt ? 'approved' : 'paid'} in time, so we cancelled it and released the stock.`
        : reason === 'customer'
          ? `As you asked, we cancelled order ${order.number}.`
          : `Our team cancelled order ${order.number}.`,
      ...summary(order),
      order.invoice && order.paymentMethod === 'account'
        ? `Its invoice ${order.invoice.number} is cancelled with it: nothing is owed for it, and your credit limit is free again by ${formatMoney(order.totalAmount, order.currency)}. You are welcome to order again at any time.`
        : 'Nothing was charged. You are welcome to order again at any time.',
    ],
    action: { label: 'Browse the catalogue', url: `${store.publicUrl}/tools` },
  });
}

/**
 * A refund that went through: what it gave back (each line refunded with its tool, SKU, units and
 * amount, or the amount alone for a refund by amount), where the money went, its credit note, and
 * what is refunded of the order in all.
 */
export function refundEmail(
  store: StoreInfo,
  order: Order,
  refund: {
    amount: number;
    provider: 'manual' | 'test' | 'stripe';
    creditNote: string;
    lines: readonly RefundLine[];
  },
): MailContent {
  const money = (minorUnits: number) => formatMoney(minorUnits, order.currency);
  const amount = money(refund.amount);
  const what =
    refund.lines.length === 0
      ? [`This refund is an amount of ${amount}, not particular goods.`]
      : [
          'This refund gives back:',
          ...refund.lines.map(
            (line) =>
              `${formatCount(line.quantity)} × ${line.productName} (SKU ${line.sku}): ${money(line.amount)}.`,
          ),
          `Total refunded: ${amount}.`,
        ];
  return renderMail({
    storeName: store.storeName,
    subject: `Refund of ${amount} for order ${order.number}`,
    greeting: `Hello ${order.name},`,
    paragraphs: [
      refund.provider === 'manual'
        ? `We refunded ${amount} of order ${order.number}.`
        : `We refunded ${amount} of order ${order.number} to the card you paid with; your bank may take a few days to show it.`,
      ...what,
      `${money(order.refundedAmount)} of its ${money(order.totalAmount)} is refunded in all.`,
      `Credit note ${refund.creditNote} records this refund; you find it on your order.`,
    ],
    action: { label: 'See your order', url: orderPage(store, order) },
  });
}
