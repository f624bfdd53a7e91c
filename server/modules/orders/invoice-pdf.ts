import { orderAddressText } from '../../../contract/addresses.ts';
import { formatCount } from '../../../contract/format.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Order } from '../../../contract/orders.ts';
import type { SellerDetails } from '../../db/schema.ts';
import {
  pdfDay as day,
  endPdf,
  pdfHeading as heading,
  INK,
  MUTED,
  PAGE_MARGIN,
  pdfLetterhead,
  pdfTableRow,
  pdfTotals,
  startPdf,
} from '../../pdf/pdf-document.ts';
import { lineColumns, taxSentence } from './tax-words.ts';

/** An order's invoice as a PDF (server/pdf/pdf-document.ts says how documents are set). */

export interface InvoiceInput {
  order: Order;
  /** The seller as recorded on the invoice, or as configured now for invoices issued before. */
  seller: SellerDetails;
}

/** Renders the invoice of a paid order; throws if the order has none. */
export async function renderInvoicePdf({ order, seller }: InvoiceInput): Promise<Buffer> {
  const invoice = order.invoice;
  if (!invoice) throw new Error(`order ${order.number} has no invoice`);
  const { doc, done, left, width } = await startPdf({
    Title: `Invoice ${invoice.number}`,
    Author: seller.name,
    Subject: `Invoice ${invoice.number} for order ${order.number}`,
  });
  const cost = (amount: number) => formatMoney(amount, order.currency);

  // The seller, and the invoice's own facts beside it.
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Date of issue', day(invoice.issuedAt)],
    ['Order number', order.number],
    ['Order date', day(order.createdAt)],
    ...(order.poNumber ? [['Your PO number', order.poNumber] as [string, string]] : []),
    ...paymentFacts(order, invoice.issuedAt),
  ];
  pdfLetterhead(doc, { left, width }, 'Invoice', seller, facts);

  // Who buys and where it goes.
  const partiesTop = doc.y;
  heading(doc, 'Bill to', left, partiesTop);
  doc.font('regular').fontSize(10).fillColor(INK);
  for (const line of [
    order.companyName,
    order.name,
    order.vatNumber && `VAT / tax number: ${order.vatNumber}`,
    order.billingAddress ?? orderAddressText(order),
    order.email,
  ]) {
    if (line) doc.text(line, { width: width / 2 - 10 });
  }
  const billBottom = doc.y;
  heading(doc, 'Deliver to', left + width / 2, partiesTop);
  doc.font('regular').fontSize(10).fillColor(INK);
  doc.text(orderAddressText(order), { width: width / 2 });
  doc.text(order.phone, { width: width / 2 });
  doc.y = Math.max(doc.y, billBottom) + 20;

  // The lines.
  const columns = lineColumns(invoice, { left, width }, 'Amount');
  const row = pdfTableRow(doc, columns, left, width);
  row(
    columns.map((column) => column.label),
    'bold',
  );
  for (const line of order.lines) {
    if (doc.y > doc.page.height - PAGE_MARGIN - 120) {
      doc.addPage();
      row(
        columns.map((column) => column.label),
        'bold',
      );
    }
    row(
      [
        line.sku,
        line.productName,
        formatCount(line.quantity),
        cost(line.unitPrice),
        cost(line.lineTotal),
      ],
      'regular',
    );
  }

  // Delivery is a line of its own, at the price the order was placed with (decision 062).
  if (order.delivery) {
    const { name, price } = order.delivery;
    row(['', `Delivery: ${name}`, '1', cost(price), cost(price)], 'regular');
  }

  // The totals: the prices include the tax charged, so the tax is the part of the total it makes
  // up, each rate on its base. They and the closing words stay together on one page.
  const onAccount = order.paymentMethod === 'account';
  const totals: [string, string, 'regular' | 'bold'][] = [
    ['Subtotal (excluding tax)', cost(invoice.netAmount), 'regular'],
    ...invoice.taxLines.map((line): [string, string, 'regular'] => [
      `Tax at ${line.rate}% on ${cost(line.base)}`,
      cost(line.amount),
      'regular',
    ]),
    [`Total (${order.currency})`, cost(order.totalAmount), 'bold'],
    ['Paid', cost(onAccount ? 0 : order.totalAmount), 'regular'],
    ['Amount due', cost(onAccount ? order.totalAmount : 0), 'bold'],
  ];
  pdfTotals(doc, { left, width }, totals);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `${taxSentence(invoice)} ${
        onAccount && invoice.dueAt
          ? `On account: please pay ${cost(order.totalAmount)} by ${day(invoice.dueAt)} by bank transfer, quoting ${invoice.number}.`
          : `Paid in full by card; transaction ${order.transactionId ?? ''}.`
      }`,
      left,
      doc.y,
      { width },
    );
  if (order.note) doc.text(`Your note: ${order.note}`, { width });

  endPdf(doc, `${seller.name} · Invoice ${invoice.number}`);
  return done;
}

/** How the invoice is paid: by card (when, and the transaction) or on account (by when). */
function paymentFacts(order: Order, issuedAt: string): [string, string][] {
  const dueAt = order.invoice?.dueAt;
  if (order.paymentMethod === 'account') {
    return [
      ['Payment', 'On account'],
      ['Due date', dueAt ? day(dueAt) : ''],
    ];
  }
  return [
    ['Paid', order.paidAt ? day(order.paidAt) : day(issuedAt)],
    ['Transaction id', order.transactionId ?? ''],
  ];
}
