import { formatFullDate } from '#contract/dates.ts';
import { formatCount } from '../../../contract/format.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Quote } from '../../../contract/quote-schemas.ts';
import { type MailContent, renderMail } from '../../mail/templates.ts';

/** The emails of a quote: to the store when a buyer asks or writes, to the buyer when the store does. */

export interface StoreInfo {
  storeName: string;
  publicUrl: string;
}

/** The pages where each side answers the quote. */
const buyerPage = (store: StoreInfo, quote: Quote) =>
  `${store.publicUrl}/dashboard/quotes/${quote._id}`;
const storePage = (store: StoreInfo, quote: Quote) =>
  `${store.publicUrl}/dashboard/quote-requests/${quote._id}`;

/** Each line as asked ("40 × Claw Hammer (SKU CH-16) at $11.50 listed"). */
function requestedLines(quote: Quote): string[] {
  return quote.lines.map(
    (line) =>
      `${formatCount(line.quantity)} × ${line.productName} (SKU ${line.sku}) at ${formatMoney(line.listUnitPrice, quote.currency)} listed.`,
  );
}

/** Each line as offered, or said to be not offered. */
function offeredLines(quote: Quote): string[] {
  return quote.lines.map((line) =>
    line.offeredUnitPrice === null
      ? `${line.productName} (SKU ${line.sku}): not offered.`
      : `${formatCount(line.quantity)} × ${line.productName} (SKU ${line.sku}) at ${formatMoney(line.offeredUnitPrice, quote.currency)} each: ${formatMoney(line.offeredUnitPrice * line.quantity, quote.currency)}.`,
  );
}

export function quoteRequestedEmail(store: StoreInfo, quote: Quote, message: string): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `Quote ${quote.number} asked for by ${quote.requestedBy.name}`,
    greeting: 'Hello,',
    paragraphs: [
      `${quote.requestedBy.name} (${quote.requestedBy.email})${quote.companyName ? ` of ${quote.companyName}` : ''} asked for quote ${quote.number}.`,
      ...requestedLines(quote),
      ...(quote.wantedBy ? [`Wanted by ${formatFullDate(quote.wantedBy, 'UTC')}.`] : []),
      `Their message: ${message}`,
    ],
    action: { label: 'Price this quote', url: storePage(store, quote) },
  });
}

export function customerMessageEmail(store: StoreInfo, quote: Quote, message: string): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `New message on quote ${quote.number}`,
    greeting: 'Hello,',
    paragraphs: [`${quote.requestedBy.name}'s side wrote on quote ${quote.number}:`, message],
    action: { label: 'Answer on the quote', url: storePage(store, quote) },
  });
}

export function offerEmail(store: StoreInfo, quote: Quote): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `Our offer for quote ${quote.number}`,
    greeting: `Hello ${quote.requestedBy.name},`,
    paragraphs: [
      `We priced your quote ${quote.number}.`,
      ...offeredLines(quote),
      `Total offered: ${formatMoney(quote.offeredTotal ?? 0, quote.currency)}.`,
      `The offer holds until the end of ${formatFullDate(quote.validUntil ?? '', 'UTC')} (UTC). Accepting it places the order at these prices, if the stock is there then.`,
    ],
    action: { label: 'See the offer', url: buyerPage(store, quote) },
  });
}

export function refusalEmail(store: StoreInfo, quote: Quote, reason: string): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `Quote ${quote.number}: no offer`,
    greeting: `Hello ${quote.requestedBy.name},`,
    paragraphs: [`We are sorry: we cannot make an offer for quote ${quote.number}.`, reason],
    action: { label: 'See the quote', url: buyerPage(store, quote) },
  });
}

export function storeMessageEmail(store: StoreInfo, quote: Quote, message: string): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `A message from ${store.storeName} on quote ${quote.number}`,
    greeting: `Hello ${quote.requestedBy.name},`,
    paragraphs: [`We wrote on quote ${quote.number}:`, message],
    action: { label: 'Answer on the quote', url: buyerPage(store, quote) },
  });
}

/** `charged`: the order's total, the offer as the buyer's destination taxes it (decision 064). */
export function acceptedEmail(store: StoreInfo, quote: Quote, charged: number): MailContent {
  return renderMail({
    storeName: store.storeName,
    subject: `Quote ${quote.number} accepted: order ${quote.order?.number ?? ''}`,
    greeting: 'Hello,',
    paragraphs: [
      `The offer on quote ${quote.number} was accepted, placing order ${quote.order?.number ?? ''} for ${formatMoney(charged, quote.currency)}.`,
    ],
    action: { label: 'See the quote', url: storePage(store, quote) },
  });
}
