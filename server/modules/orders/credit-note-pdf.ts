import { formatCount } from '../../../contract/format.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { OrderRefund } from '../../../contract/order-refunds.ts';
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
import { lineColumns, taxRows, taxSentence } from './tax-words.ts';

/**
 * A credit note as a PDF (PDFKit, set like the invoice in invoice-pdf.ts): its number, the invoice
 * it corrects, the lines or the amount credited with the tax they include, and the seller's and
 * the buyer's details as the invoice has them.
 */

export interface CreditNoteInput {
  order: Order;
  /** A refund that issued its credit note. */
  refund: OrderRefund;
  /** The seller as the invoice recorded it (today's settings for invoices issued before). */
  seller: SellerDetails;
}

const HOW_REFUNDED: Record<OrderRefund['provider'], string> = {
  test: 'Refunded to the card the order was paid with.',
  stripe: 'Refunded to the card the order was paid with.',
  manual: 'Refunded outside the store, or credited against the invoice on account.',
};

/** Renders a refund's credit note; throws if the refund has none or the order no invoice. */
export async function renderCreditNotePdf({
  order,
  refund,
  seller,
}: CreditNoteInput): Promise<Buffer> {
  const invoice = order.invoice;
  const note = refund.creditNote;
  if (!invoice || !note) throw new Error(`order ${order.number}: no credit note to render`);
  const { doc, done } = await startPdf({
    Title: `Credit note ${note.number}`,
    Author: seller.name,
    Subject: `Credit note ${note.number} correcting invoice ${invoice.number}`,
  });
  const cost = (amount: number) => formatMoney(amount, order.currency);
  const left = PAGE_MARGIN;
  const width = doc.page.width - 2 * PAGE_MARGIN;

  const facts: [string, string][] = [
    ['Credit note number', note.number],
    ['Date of issue', day(note.issuedAt)],
    ['Corrects invoice', invoice.number],
    ['Invoice date', day(invoice.issuedAt)],
    ['Order number', order.number],
    ...(order.poNumber ? [['Your PO number', order.poNumber] as [string, string]] : []),
  ];
  pdfLetterhead(doc, { left, width }, 'Credit note', seller, facts, 95);

  heading(doc, 'Credit to', left, doc.y);
  doc.font('regular').fontSize(10).fillColor(INK);
  for (const line of [
    order.companyName,
    order.name,
    order.vatNumber && `VAT / tax number: ${order.vatNumber}`,
    order.billingAddress ?? order.address,
    order.email,
  ]) {
    if (line) doc.text(line, { width });
  }
  doc.moveDown(1.5);

  const columns = lineColumns(invoice, { left, width }, 'Credited');
  const row = pdfTableRow(doc, columns, left, width);
  const header = () =>
    row(
      columns.map((column) => column.label),
      'bold',
    );
  header();
  if (refund.lines.length === 0) {
    row(['', `Refund on order ${order.number}`, '', '', cost(refund.amount)], 'regular');
  }
  for (const line of refund.lines) {
    if (doc.y > doc.page.height - PAGE_MARGIN - 120) {
      doc.addPage();
      header();
    }
    const unitPrice = line.quantity > 0 ? Math.round(line.amount / line.quantity) : 0;
    row(
      [line.sku, line.productName, formatCount(line.quantity), cost(unitPrice), cost(line.amount)],
      'regular',
    );
  }

  const totals: [string, string, 'regular' | 'bold'][] = [
    ...taxRows(invoice, refund.amount, cost, 'Credited (excluding tax)'),
    [`Total credited (${order.currency})`, cost(refund.amount), 'bold'],
  ];
  pdfTotals(doc, { left, width }, totals);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `This credit note reduces invoice ${invoice.number} of ${day(invoice.issuedAt)} by ${cost(refund.amount)}. ${taxSentence(invoice)} ${HOW_REFUNDED[refund.provider]}`,
      left,
      doc.y,
      { width },
    );
  doc.text(`Reason: ${refund.note}`, { width });

  endPdf(doc, `${seller.name} · Credit note ${note.number}`);
  return done;
}
