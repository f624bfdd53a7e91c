import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSort } from '../../../contract/order-lists.ts';
import type { Order } from '../../../contract/orders.ts';
import { orders } from '../../db/schema.ts';
import { buildExportTestApp, type ExportTestApp } from '../../testing/export-test-app.ts';
import { client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { createOrderExporter, EXPORT_COLUMNS } from './order-export.ts';

/** GET /api/orderlist/export: the admin list's orders as CSV, read back here cell by cell. */

let exports: ExportTestApp;
beforeAll(async () => {
  exports = await buildExportTestApp();
});
afterAll(() => exports.close());

/** Reads CSV as csv-stringify writes it (RFC 4180: quoted cells may hold , " and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The rows as objects keyed by the header's names, checking the BOM and the header. */
function readExport(body: string): Record<string, string>[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(body.slice(1));
  expect(header).toEqual([...EXPORT_COLUMNS]);
  return rows.map((cells) => {
    expect(cells).toHaveLength(EXPORT_COLUMNS.length);
    return Object.fromEntries(EXPORT_COLUMNS.map((name, i) => [name, cells[i] ?? '']));
  });
}

describe('GET /api/orderlist/export', () => {
  it('answers every order as a CSV file: BOM, header, one row per order, newest first', async () => {
    const response = await exports.exportOf();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="orders-${today}.csv"`,
    );
    const rows = readExport(response.body);
    expect(rows.map((row) => row['Order number'])).toEqual(
      [exports.formula, exports.plain, exports.shipped, exports.twoLines].map((o) => o.number),
    );
    const paid = json<Order>(
      await client(exports.t.app, exports.admin).get(`/orders/${exports.twoLines._id}`),
    );
    expect(rows[3]).toEqual({
      'Order number': exports.twoLines.number,
      'Invoice number': paid.invoice?.number,
      Placed: '2026-05-01T08:30:00.000Z',
      Status: 'paid',
      Customer: 'Zoë Ærøskøbing, "Zed"',
      Email: exports.buyer.email,
      Company: 'Zoë Works Ltd',
      'VAT number': 'GB123456789',
      Items: '10 × Claw Hammer (SKU CH-450); 5 × Bench Planer (SKU BP-82)',
      Units: '15',
      'Delivery method': '',
      'Delivery cost': '',
      Total: '312.50',
      Tax: '0.00',
      Currency: 'USD',
      Paid: paid.paidAt,
      Shipped: '',
      Carrier: '',
      'Tracking number': '',
      Cancelled: '',
      Refunded: '0.00',
      'PO number': '',
      'Tax treatment': 'taxed',
      'Tax rate': '0%',
      'Tax base': '312.50',
      'Tax country': '',
      'Tax region': '',
    });
    expect(rows[2]).toMatchObject({
      Status: 'shipped',
      Carrier: 'UPS',
      'Tracking number': '1Z999AA10123456784',
      Total: '25.00',
      Refunded: '5.00',
      Shipped: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // Its buyer had given no company details when it was placed: the export says so.
    expect(rows[0]).toMatchObject({
      Company: 'None given when this order was placed',
      'VAT number': '',
    });
    expect(rows[1]).toMatchObject({
      Status: 'cancelled',
      'Invoice number': '',
      // Never invoiced: no tax.
      'Tax rate': '',
      Tax: '',
      Paid: '',
      Cancelled: expect.stringMatching(/Z$/),
    });
  });

  it('writes cells a spreadsheet would run as formulas as text', async () => {
    const [row] = readExport((await exports.exportOf('?q=hyperlink')).body);
    expect(row?.['Order number']).toBe(exports.formula.number);
    expect(row?.Customer).toBe('\'=HYPERLINK("http://evil.example")');
    expect(row?.Items).toBe('3 × -2+3 Saw (SKU SAW-23)');
    const neutral = createOrderExporter(exports.t.db, {
      batchSize: 10,
      maxAtOnce: 1,
      stallMs: 60_000,
    });
    expect(neutral.running()).toBe(0);
    const { neutralised } = await import('../../http/csv-export.ts');
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralised(cell)).toBe(`'${cell}`);
    }
    expect(neutralised('a=1')).toBe('a=1');
  });

  it("takes the list's filters: status, text, order number, days placed", async () => {
    const numbers = async (query: string) =>
      readExport((await exports.exportOf(query)).body).map((row) => row['Order number']);
    expect(await numbers('?status=paid')).toEqual([exports.twoLines.number]);
    expect(await numbers('?q=planer')).toEqual([exports.plain.number, exports.twoLines.number]);
    expect(await numbers('?q=planer&status=cancelled')).toEqual([exports.plain.number]);
    expect(await numbers(`?q=${exports.shipped.number}`)).toEqual([exports.shipped.number]);
    expect(await numbers('?from=2026-05-02&to=2026-05-03&sort=oldest')).toEqual([
      exports.shipped.number,
      exports.plain.number,
    ]);
    expect(await numbers('?status=unpaid&to=2026-04-30')).toEqual([]);
    // Equal totals: the newer first.
    expect(await numbers('?sort=total_desc')).toEqual(
      [exports.twoLines, exports.plain, exports.shipped, exports.formula].map((o) => o.number),
    );
  });

  it('refuses a bad filter with the field, paging, visitors (401) and customers (403)', async () => {
    expectFieldError(await exports.exportOf('?q=z'), 'q', 'query');
    expectFieldError(await exports.exportOf('?status=lost'), 'status', 'query');
    expectFieldError(await exports.exportOf('?from=2026-05-04&to=2026-05-01'), 'to', 'query');
    expectFieldError(await exports.exportOf('?limit=5'), 'limit', 'query');
    expectProblem(await exports.exportOf('', exports.buyer), 403, 'forbidden');
    expectProblem(await exports.exportOf('', 'visitor'), 401, 'unauthenticated');
  });

  it('reads in batches in the order asked, ties and all, the same as the list', async () => {
    // Two orders placed at the same instant (their ids break the tie), one a microsecond later.
    const same = sql`'2026-05-02T08:30:00.123456Z'::timestamptz`;
    for (const order of [exports.shipped, exports.plain]) {
      await exports.t.db.update(orders).set({ createdAt: same }).where(eq(orders.id, order._id));
    }
    await exports.t.db
      .update(orders)
      .set({ createdAt: sql`${same} + interval '1 microsecond'` })
      .where(eq(orders.id, exports.formula._id));
    for (const sort of ['newest', 'oldest', 'total_desc', 'total_asc'] as OrderSort[]) {
      const listed = (
        (
          await client(exports.t.app, exports.admin).get(`/orderlist?sort=${sort}`)
        ).json() as Order[]
      ).map((o) => o.number);
      for (const batchSize of [1, 2, 3]) {
        const exporter = createOrderExporter(exports.t.db, {
          batchSize,
          maxAtOnce: 1,
          stallMs: 60_000,
        });
        const { csv } = await exporter.open({ sort });
        let text = '';
        for await (const chunk of csv) text += String(chunk);
        expect(
          readExport(text).map((row) => row['Order number']),
          `${sort} by ${batchSize}`,
        ).toEqual(listed);
        expect(exporter.running()).toBe(0);
      }
    }
  });
});
