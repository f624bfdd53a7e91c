import { formatMoney } from '../../../contract/money.ts';
import type { SellerDetails } from '../../db/schema.ts';
import {
  endPdf,
  INK,
  MUTED,
  PAGE_MARGIN,
  pdfDay,
  pdfHeading,
  pdfTableRow,
  startPdf,
} from '../../pdf/pdf-document.ts';
import type { StatementEntry } from './account-invoices.repo.ts';

export interface StatementInput {
  seller: SellerDetails;
  buyer: { name: string; email: string };
  period: { from: string; to: string };
  currency: string;
  /** What was owed when the period began. */
  opening: number;
  entries: StatementEntry[];
}

/** What a statement's line is, in words. */
function statementDocument(entry: StatementEntry): string {
  switch (entry.kind) {
    case 'invoice':
      return `Invoice ${entry.invoiceNumber} (order ${entry.orderNumber}), ${entry.detail}`;
    case 'credit':
      return `Credit note ${entry.detail} for ${entry.invoiceNumber}`;
    case 'payout':
      return `Paid back to you for ${entry.invoiceNumber}, reference ${entry.detail}`;
    case 'payment':
      return `Payment for ${entry.invoiceNumber}, reference ${entry.detail}`;
  }
}

/**
 * A statement of account as a PDF, set like the invoices (server/pdf/pdf-document.ts): what was
 * owed when the period began, each invoice on account and each payout (charges), each payment
 * received and credit note, the balance after each, and what was owed at its end.
 */
export async function renderStatementPdf(input: StatementInput): Promise<Buffer> {
  const { seller, buyer, period } = input;
  const title = `Statement ${period.from} to ${period.to}`;
  const { doc, done, left, width } = await startPdf({
    Title: title,
    Author: seller.name,
    Subject: `Statement of account for ${buyer.name}`,
  });
  const cost = (amount: number) => formatMoney(amount, input.currency);

  doc.font('bold').fontSize(22).fillColor(INK).text('Statement of account', left, PAGE_MARGIN);
  doc.moveDown(0.5);
  const top = doc.y;
  pdfHeading(doc, 'From', left, top);
  doc.font('regular').fontSize(10).fillColor(INK);
  for (const line of [seller.name, seller.address, seller.email]) {
    if (line) doc.text(line, { width: width / 2 - 20 });
  }
  const sellerBottom = doc.y;
  pdfHeading(doc, 'For', left + width / 2, top);
  doc.font('regular').fontSize(10).fillColor(INK);
  doc.text(buyer.name, { width: width / 2 });
  doc.text(buyer.email, { width: width / 2 });
  doc.text(`${pdfDay(period.from)} to ${pdfDay(period.to)}`, { width: width / 2 });
  doc.y = Math.max(doc.y, sellerBottom) + 20;

  const columns = [
    { label: 'Date', x: left, width: 70, align: 'left' as const },
    { label: 'Document', x: left + 75, width: width - 330, align: 'left' as const },
    { label: 'Charges', x: left + width - 250, width: 80, align: 'right' as const },
    { label: 'Paid or credited', x: left + width - 165, width: 80, align: 'right' as const },
    { label: 'Balance', x: left + width - 80, width: 80, align: 'right' as const },
  ];
  const tableRow = pdfTableRow(doc, columns, left, width);
  const row = (cells: string[], font: 'regular' | 'bold') => {
    if (doc.y > doc.page.height - PAGE_MARGIN - 60) doc.addPage();
    tableRow(cells, font);
  };
  row(
    columns.map((column) => column.label),
    'bold',
  );
  let balance = input.opening;
  row([pdfDay(period.from), 'Owed when the period began', '', '', cost(balance)], 'regular');
  for (const entry of input.entries) {
    // An invoice, and money paid back to the buyer, add to what they owe.
    const isCharge = entry.kind === 'invoice' || entry.kind === 'payout';
    balance += isCharge ? entry.amount : -entry.amount;
    row(
      [
        pdfDay(entry.day),
        statementDocument(entry),
        isCharge ? cost(entry.amount) : '',
        isCharge ? '' : cost(entry.amount),
        cost(balance),
      ],
      'regular',
    );
  }
  row([pdfDay(period.to), 'Owed at the end of the period', '', '', cost(balance)], 'bold');
  doc.moveDown(1.5);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      input.entries.length === 0
        ? 'No invoice or credit note was issued on account and no payment was received in this period.'
        : 'Charges are invoices on account issued in the period and money paid back to you; payments are those received, on the day they arrived, and credit notes on the day they were issued. Cancelled orders are left out.',
      left,
      doc.y,
      { width },
    );
  endPdf(doc, `${seller.name} · ${title} · ${buyer.name}`);
  return done;
}
