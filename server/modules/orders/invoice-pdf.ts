import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatCount } from '../../../contract/format.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Order } from '../../../contract/orders.ts';
import type { SellerDetails } from '../../db/schema.ts';

/**
 * An order's invoice as a PDF (PDFKit). The text is set in DejaVu Sans, embedded and subset, so
 * names and addresses in Latin, Greek and Cyrillic scripts print as typed; the standard PDF fonts
 * know only Western European letters.
 */

const require = createRequire(import.meta.url);
/** Read once, on the first invoice: about 1.4 MB for both. */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
export function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
export const day = (iso: string) => dayFormat.format(new Date(iso));

export const PAGE_MARGIN = 50;
export const INK = '#1c1917';
export const MUTED = '#57534e';
export const RULE = '#d6d3d1';

export interface InvoiceInput {
  order: Order;
  /** The seller as recorded on the invoice, or as configured now for invoices issued before. */
  seller: SellerDetails;
}

/** Renders the invoice of a paid order; throws if the order has none. */
export async function renderInvoicePdf({ order, seller }: InvoiceInput): Promise<Buffer> {
  const invoice = order.invoice;
  if (!invoice) throw new Error(`order ${order.number} has no invoice`);
  // Loaded with the first invoice asked for (some 25 MB of memory), not at start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: seller.name,
      Subject: `Invoice ${invoice.number} for order ${order.number}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const cost = (amount: number) => formatMoney(amount, order.currency);
  const left = PAGE_MARGIN;
  const width = doc.page.width - 2 * PAGE_MARGIN;

  // The seller, and the invoice's own facts beside it.
  doc.font('bold').fontSize(22).fillColor(INK).text('Invoice', left, PAGE_MARGIN);
  doc.moveDown(0.5);
  const top = doc.y;
  doc
    .font('bold')
    .fontSize(11)
    .text(seller.name, left, top, { width: width / 2 - 30 });
  doc.font('regular').fontSize(10).fillColor(MUTED);
  for (const line of [
    seller.address,
    seller.taxId && `VAT / tax number: ${seller.taxId}`,
    seller.email,
  ]) {
    if (line) doc.text(line, { width: width / 2 - 30 });
  }
  const sellerBottom = doc.y;
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Date of issue', day(invoice.issuedAt)],
    ['Order number', order.number],
    ['Order date', day(order.createdAt)],
    ...(order.poNumber ? [['Your PO number', order.poNumber] as [string, string]] : []),
    ['Paid', order.paidAt ? day(order.paidAt) : day(invoice.issuedAt)],
    ['Transaction id', order.transactionId ?? ''],
  ];
  doc.y = top;
  for (const [label, value] of facts) {
    const y = doc.y;
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, left + width / 2 - 20, y, { width: 80 });
    doc
      .font('bold')
      .fontSize(label === 'Transaction id' ? 8 : 9)
      .fillColor(INK)
      .text(value, left + width / 2 + 60, y, { width: width / 2 - 60 });
    doc.y = Math.max(doc.y, y + 13);
  }
  doc.y = Math.max(doc.y, sellerBottom) + 20;

  // Who buys and where it goes.
  const partiesTop = doc.y;
  heading(doc, 'Bill to', left, partiesTop);
  doc.font('regular').fontSize(10).fillColor(INK);
  for (const line of [
    order.companyName,
    order.name,
    order.vatNumber && `VAT / tax number: ${order.vatNumber}`,
    order.billingAddress ?? order.address,
    order.email,
  ]) {
    if (line) doc.text(line, { width: width / 2 - 10 });
  }
  const billBottom = doc.y;
  heading(doc, 'Deliver to', left + width / 2, partiesTop);
  doc.font('regular').fontSize(10).fillColor(INK);
  doc.text(order.address, { width: width / 2 });
  doc.text(order.phone, { width: width / 2 });
  doc.y = Math.max(doc.y, billBottom) + 20;

  // The lines.
  const columns = [
    { label: 'SKU', x: left, width: 90, align: 'left' as const },
    { label: 'Item', x: left + 95, width: width - 355, align: 'left' as const },
    { label: 'Quantity', x: left + width - 260, width: 60, align: 'right' as const },
    { label: 'Unit price incl. tax', x: left + width - 190, width: 95, align: 'right' as const },
    { label: 'Amount incl. tax', x: left + width - 85, width: 85, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    const y = doc.y;
    let bottom = y;
    doc.font(font).fontSize(9.5).fillColor(INK);
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      doc.text(cell, column.x, y, { width: column.width, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 5;
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.y += 3;
  };
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

  // The totals: prices include tax, so the tax is the part of the total it makes up. They and the
  // closing words stay together on one page.
  if (doc.y > doc.page.height - PAGE_MARGIN - 180) doc.addPage();
  doc.y += 6;
  const totals: [string, string, 'regular' | 'bold'][] = [
    ['Subtotal (excluding tax)', cost(invoice.netAmount), 'regular'],
    [`Tax (${invoice.taxRate}%)`, cost(invoice.taxAmount), 'regular'],
    [`Total (${order.currency})`, cost(order.totalAmount), 'bold'],
    ['Paid', cost(order.totalAmount), 'regular'],
    ['Amount due', cost(0), 'bold'],
  ];
  for (const [label, value, font] of totals) {
    const y = doc.y;
    doc
      .font(font)
      .fontSize(10)
      .fillColor(INK)
      .text(label, left + width - 300, y, { width: 200, align: 'right' });
    doc.text(value, left + width - 95, y, { width: 95, align: 'right' });
    doc.y = Math.max(doc.y, y + 15);
  }
  doc.moveDown(1.5);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `Prices include tax at ${invoice.taxRate}%. Paid in full by card; transaction ${order.transactionId ?? ''}.`,
      left,
      doc.y,
      { width },
    );
  if (order.note) doc.text(`Your note: ${order.note}`, { width });

  // Every page says whose invoice it is and which page it is.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin, where PDFKit would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${seller.name} · Invoice ${invoice.number} · Page ${index + 1} of ${range.count}`,
        left,
        doc.page.height - PAGE_MARGIN + 10,
        { width, align: 'center', lineBreak: false },
      );
  }
  doc.end();
  return done;
}

export function heading(doc: PDFKit.PDFDocument, text: string, x: number, y: number): void {
  doc.font('bold').fontSize(9).fillColor(MUTED).text(text.toUpperCase(), x, y, {
    characterSpacing: 0.5,
  });
  doc.moveDown(0.3);
}
