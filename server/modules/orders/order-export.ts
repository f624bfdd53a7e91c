import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import { formatCount } from '../../../contract/format.ts';
import {
  type ExportOrdersQuery,
  formatInvoiceNumber,
  formatOrderNumber,
  type OrderSort,
} from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { orderLines, orderRefunds, orders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { orderFilterOf } from './order-filter.ts';
import { orderWhere } from './orders.repo.ts';

/** The columns of the CSV, in order, as a spreadsheet shows them in its first row. */
export const EXPORT_COLUMNS = [
  'Order number',
  'Invoice number',
  'Placed',
  'Status',
  'Customer',
  'Email',
  'Company',
  'VAT number',
  'Items',
  'Units',
  'Total',
  'Tax',
  'Currency',
  'Paid',
  'Shipped',
  'Carrier',
  'Tracking number',
  'Cancelled',
  'Refunded',
] as const;

/**
 * A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return first) gets
 * a leading apostrophe, so it is shown as the text it is (OWASP "CSV injection").
 */
export function neutralised(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** Minor units as a plain decimal in the currency's own digits: 1150 USD → "11.50". */
function decimal(amount: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return (amount / 10 ** digits).toFixed(digits);
}

const iso = (at: Date | null) => at?.toISOString() ?? '';

/** The columns a row is sorted by, each with its direction, id last (unique: a total order). */
const SORT_KEYS: Record<OrderSort, { column: 'created' | 'total' | 'id'; desc: boolean }[]> = {
  newest: [
    { column: 'created', desc: true },
    { column: 'id', desc: true },
  ],
  oldest: [
    { column: 'created', desc: false },
    { column: 'id', desc: false },
  ],
  total_desc: [
    { column: 'total', desc: true },
    { column: 'created', desc: true },
    { column: 'id', desc: true },
  ],
  total_asc: [
    { column: 'total', desc: false },
    { column: 'created', desc: true },
    { column: 'id', desc: true },
  ],
};

/** Where the last batch ended; created_at as PostgreSQL wrote it (microseconds, not a Date's ms). */
interface Cursor {
  created: string;
  total: number;
  id: string;
}

const COLUMN_SQL = {
  created: orders.createdAt,
  total: orders.totalAmount,
  id: orders.id,
} as const;

function cursorValue(column: keyof Cursor, cursor: Cursor): SQL {
  if (column === 'created') return sql`${cursor.created}::timestamptz`;
  if (column === 'id') return sql`${cursor.id}::uuid`;
  return sql`${cursor.total}`;
}

/** The rows after `cursor` in this sort: (a, b, c) after (x, y, z), each key in its direction. */
function after(sort: OrderSort, cursor: Cursor): SQL {
  const keys = SORT_KEYS[sort];
  const beyond = (i: number): SQL => {
    const key = keys[i] as (typeof keys)[number];
    const column = COLUMN_SQL[key.column];
    const value = cursorValue(key.column, cursor);
    const past = key.desc ? sql`${column} < ${value}` : sql`${column} > ${value}`;
    return i === keys.length - 1
      ? past
      : sql`(${past} or (${column} = ${value} and ${beyond(i + 1)}))`;
  };
  return beyond(0);
}

/** One batch of orders after `cursor`, with each one's items and refunded amount. */
async function readBatch(
  db: Db,
  where: SQL | undefined,
  sort: OrderSort,
  cursor: Cursor | null,
  size: number,
) {
  const keys = SORT_KEYS[sort].map(({ column, desc: isDesc }) =>
    isDesc ? desc(COLUMN_SQL[column]) : asc(COLUMN_SQL[column]),
  );
  const rows = await db
    .select({
      row: orders,
      createdText: sql<string>`${orders.createdAt}::text`,
    })
    .from(orders)
    .where(and(where, cursor ? after(sort, cursor) : undefined))
    .orderBy(...keys)
    .limit(size);
  const ids = rows.map(({ row }) => row.id);
  if (ids.length === 0) return { rows, items: new Map<string, string>(), refunded: new Map() };
  const [lines, refunds] = await Promise.all([
    db
      .select({
        orderId: orderLines.orderId,
        quantity: orderLines.quantity,
        productName: orderLines.productName,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(orderLines.orderId, orderLines.position),
    db
      .select({
        orderId: orderRefunds.orderId,
        amount: sql<number>`sum(${orderRefunds.amount})::int`,
      })
      .from(orderRefunds)
      .where(inArray(orderRefunds.orderId, ids))
      .groupBy(orderRefunds.orderId),
  ]);
  const items = new Map<string, string>();
  for (const line of lines) {
    const item = `${formatCount(line.quantity)} × ${line.productName}`;
    const before = items.get(line.orderId);
    items.set(line.orderId, before ? `${before}; ${item}` : item);
  }
  return {
    rows,
    items,
    refunded: new Map(refunds.map((refund) => [refund.orderId, refund.amount])),
  };
}

export interface ExportOptions {
  /** Orders read per query. */
  batchSize: number;
  /** Exports one instance writes at once; one more is refused with 429. */
  maxAtOnce: number;
}

/**
 * Orders as CSV for spreadsheets, read a batch at a time in the list's order (keyset paging, so
 * memory stays flat however many match) and written as the client takes them: a client that
 * stops reading stops the reading, and one that goes away ends it.
 */
export function createOrderExporter(db: Db, options: ExportOptions) {
  let running = 0;
  /** Exports that ended before their last row: the client went away or the reading failed. */
  let cutShort = 0;

  async function* records(query: ExportOrdersQuery): AsyncGenerator<string[]> {
    const where = orderWhere(orderFilterOf(query));
    let cursor: Cursor | null = null;
    for (;;) {
      const batch = await readBatch(db, where, query.sort, cursor, options.batchSize);
      for (const { row } of batch.rows) {
        const currency = row.currency;
        yield [
          formatOrderNumber(row.number),
          row.invoiceNumber === null ? '' : formatInvoiceNumber(row.invoiceNumber),
          iso(row.createdAt),
          row.status,
          row.customerName,
          row.email,
          row.companyName ?? '',
          row.vatNumber ?? '',
          batch.items.get(row.id) ?? '',
          String(row.orderedNum),
          decimal(row.totalAmount, currency),
          row.taxAmount === null ? '' : decimal(row.taxAmount, currency),
          currency,
          iso(row.paidAt),
          iso(row.shippedAt),
          row.carrier ?? '',
          row.trackingNumber ?? '',
          iso(row.cancelledAt),
          decimal(batch.refunded.get(row.id) ?? 0, currency),
        ].map(neutralised);
      }
      const last = batch.rows.at(-1);
      if (!last || batch.rows.length < options.batchSize) return;
      cursor = { created: last.createdText, total: last.row.totalAmount, id: last.row.id };
    }
  }

  return {
    /** Exports being written now. */
    running: () => running,
    cutShort: () => cutShort,

    /**
     * The CSV of the orders that match, as a stream to send; its file name carries today's date
     * (UTC). Refused with 429 while `maxAtOnce` exports are being written.
     */
    open(query: ExportOrdersQuery, today = new Date()): { fileName: string; csv: Readable } {
      if (running >= options.maxAtOnce) {
        throw new AppError(
          429,
          'rate_limited',
          'Other exports are being prepared right now. Try again in a minute.',
          undefined,
          { 'retry-after': '30' },
        );
      }
      running += 1;
      const source = Readable.from(records(query));
      const csv = stringify({ bom: true, header: true, columns: [...EXPORT_COLUMNS] });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        running -= 1;
      };
      // Ended, failed or abandoned (the client went away): the slot is free and reading stops.
      csv.once('close', () => {
        if (!csv.readableEnded) cutShort += 1;
        release();
        source.destroy();
      });
      source.once('error', (error) => csv.destroy(error));
      source.pipe(csv);
      return { fileName: `orders-${today.toISOString().slice(0, 10)}.csv`, csv };
    },
  };
}

export type OrderExporter = ReturnType<typeof createOrderExporter>;
