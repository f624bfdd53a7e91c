import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatLongDate } from '#contract/dates.ts';

/**
 * What every document the store prints shares (invoices, statements): PDFKit on A4, the text set
 * in DejaVu Sans, embedded and subset, so names and addresses in Latin, Greek and Cyrillic scripts
 * print as typed (the standard PDF fonts know only Western European letters), the colours, and a
 * footer on every page.
 */

const require = createRequire(import.meta.url);
/** Read once, on the first document: about 1.4 MB for both. */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** A day as documents write it: November 28, 2026 (UTC). */
export const pdfDay = (iso: string) => formatLongDate(iso, 'UTC');

export const PAGE_MARGIN = 50;
export const INK = '#1c1917';
export const MUTED = '#57534e';
const RULE = '#d6d3d1';

/** A new A4 document with the fonts registered (`regular`, `bold`) and its bytes once ended. */
export async function startPdf(info: { Title: string; Author: string; Subject: string }) {
  // Loaded with the first document asked for (some 25 MB of memory), not at start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: PAGE_MARGIN, bufferPages: true, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  return { doc, done, left: PAGE_MARGIN, width: doc.page.width - 2 * PAGE_MARGIN };
}

/** A column of a document's table: where it starts, how wide it is, how its cells align. */
export interface PdfColumn {
  label: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

/**
 * Writes a table's rows: each cell in its column, wrapped within its width, the row as tall as
 * its tallest cell, a rule under it.
 */
export function pdfTableRow(
  doc: PDFKit.PDFDocument,
  columns: readonly PdfColumn[],
  left: number,
  width: number,
): (cells: readonly string[], font: 'regular' | 'bold') => void {
  return (cells, font) => {
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
}

/**
 * The top of a document the seller issues (invoice, credit note): its title, the seller on the
 * left, the document's facts (number, dates…) beside it; the next text starts below both. A long
 * value (a payment's transaction id) is set a size smaller.
 */
export function pdfLetterhead(
  doc: PDFKit.PDFDocument,
  at: { left: number; width: number },
  title: string,
  seller: { name: string; address?: string | null; taxId?: string | null; email?: string | null },
  facts: readonly (readonly [label: string, value: string])[],
  labelWidth = 80,
): void {
  const { left, width } = at;
  doc.font('bold').fontSize(22).fillColor(INK).text(title, left, PAGE_MARGIN);
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
  doc.y = top;
  const valueX = left + width / 2 - 20 + labelWidth;
  for (const [label, value] of facts) {
    const y = doc.y;
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, left + width / 2 - 20, y, { width: labelWidth });
    doc
      .font('bold')
      .fontSize(value.length > 28 ? 8 : 9)
      .fillColor(INK)
      .text(value, valueX, y, { width: left + width - valueX });
    doc.y = Math.max(doc.y, y + 13);
  }
  doc.y = Math.max(doc.y, sellerBottom) + 20;
}

/**
 * A document's totals, right-aligned under its table (label, amount, weight), kept on one page
 * with the words that follow them.
 */
export function pdfTotals(
  doc: PDFKit.PDFDocument,
  at: { left: number; width: number },
  totals: readonly (readonly [label: string, value: string, font: 'regular' | 'bold'])[],
): void {
  const { left, width } = at;
  if (doc.y > doc.page.height - PAGE_MARGIN - 180) doc.addPage();
  doc.y += 6;
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
}

/** A small capitalised heading at (x, y). */
export function pdfHeading(doc: PDFKit.PDFDocument, text: string, x: number, y: number): void {
  doc.font('bold').fontSize(9).fillColor(MUTED).text(text.toUpperCase(), x, y, {
    characterSpacing: 0.5,
  });
  doc.moveDown(0.3);
}

/** Every page says whose document it is and which page it is; then the document ends. */
export function endPdf(doc: PDFKit.PDFDocument, footer: string): void {
  const width = doc.page.width - 2 * PAGE_MARGIN;
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
        `${footer} · Page ${index + 1} of ${range.count}`,
        PAGE_MARGIN,
        doc.page.height - PAGE_MARGIN + 10,
        { width, align: 'center', lineBreak: false },
      );
  }
  doc.end();
}
