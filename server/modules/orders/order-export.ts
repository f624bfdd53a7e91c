import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
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

/** Minor digits per currency code: building a NumberFormat costs more than writing a row. */
const minorDigits = new Map<string, number>();

/** Minor units as a plain decimal in the currency's own digits: 1150 USD → "11.50". */
function decimal(amount: number, currency: string): string {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    minorDigits.set(currency, digits);
  }
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

/**
 * The rows after `cursor` in this sort: (a, b, c) after (x, y, z), each key in its direction. Keys
 * all in one direction are one row comparison, which PostgreSQL reads as a start in the index
 * (0.5 ms a batch); spelled out with OR it scans from the top again each batch (11 ms at 50,000).
 */
function after(sort: OrderSort, cursor: Cursor): SQL {
  const keys = SORT_KEYS[sort];
  const isDesc = keys[0]?.desc;
  if (keys.every((key) => key.desc === isDesc)) {
    const columns = sql.join(
      keys.map((key) => sql`${COLUMN_SQL[key.column]}`),
      sql`, `,
    );
    const values = sql.join(
      keys.map((key) => cursorValue(key.column, cursor)),
      sql`, `,
    );
    return isDesc ? sql`(${columns}) < (${values})` : sql`(${columns}) > (${values})`;
  }
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

/** What the export reads of an order: its CSV columns and its id, not the whole row. */
const EXPORTED = {
  id: orders.id,
  number: orders.number,
  invoiceNumber: orders.invoiceNumber,
  createdAt: orders.createdAt,
  status: orders.status,
  customerName: orders.customerName,
  email: orders.email,
  companyName: orders.companyName,
  vatNumber: orders.vatNumber,
  orderedNum: orders.orderedNum,
  totalAmount: orders.totalAmount,
  taxAmount: orders.taxAmount,
  currency: orders.currency,
  paidAt: orders.paidAt,
  shippedAt: orders.shippedAt,
  carrier: orders.carrier,
  trackingNumber: orders.trackingNumber,
  cancelledAt: orders.cancelledAt,
};

/**
 * One batch of orders after `cursor`, each with its lines (quantity and product, in order) and the
 * amount refunded: one query, so a batch is one round trip and no list of ids goes back and forth.
 */
type Batch = Awaited<ReturnType<typeof readBatch>>;

/**
 * The order's id, named with its table: Drizzle writes a one-table query's columns bare, and a
 * bare "id" in a subquery would name the subquery's own table's id.
 */
const ORDER_ID = sql`${orders}.${sql.identifier(orders.id.name)}`;

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
      row: EXPORTED,
      createdText: sql<string>`${orders.createdAt}::text`,
      lines: sql<[number, string][]>`(
        select coalesce(json_agg(json_build_array(${orderLines.quantity}, ${orderLines.productName})
                                 order by ${orderLines.position}), '[]')
        from ${orderLines} where ${orderLines.orderId} = ${ORDER_ID})`,
      refunded: sql<number>`(
        select coalesce(sum(${orderRefunds.amount}), 0)::int
        from ${orderRefunds} where ${orderRefunds.orderId} = ${ORDER_ID})`,
    })
    .from(orders)
    .where(and(where, cursor ? after(sort, cursor) : undefined))
    .orderBy(...keys)
    .limit(size);
  return rows.map(({ row, createdText, lines, refunded }) => ({
    row,
    createdText,
    items: lines.map(([quantity, product]) => `${formatCount(quantity)} × ${product}`).join('; '),
    refunded,
  }));
}

export interface ExportOptions {
  /** Orders read per query. */
  batchSize: number;
  /** Exports one instance writes at once; one more is refused with 429. */
  maxAtOnce: number;
}

/** A batch's orders as CSV records, every cell a string a spreadsheet shows as text. */
function batchRecords(batch: Batch): string[][] {
  return batch.map(({ row, items, refunded }) => {
    const currency = row.currency;
    return [
      formatOrderNumber(row.number),
      row.invoiceNumber === null ? '' : formatInvoiceNumber(row.invoiceNumber),
      iso(row.createdAt),
      row.status,
      row.customerName,
      row.email,
      row.companyName ?? '',
      row.vatNumber ?? '',
      items,
      String(row.orderedNum),
      decimal(row.totalAmount, currency),
      row.taxAmount === null ? '' : decimal(row.taxAmount, currency),
      currency,
      iso(row.paidAt),
      iso(row.shippedAt),
      row.carrier ?? '',
      row.trackingNumber ?? '',
      iso(row.cancelledAt),
      decimal(refunded, currency),
    ].map(neutralised);
  });
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

  /**
   * The file in pieces: the byte-order mark and header, then one piece per batch. Each batch is
   * written whole as soon as it arrives, so its rows die young instead of living on in a stream's
   * buffers; the next batch is asked for before this one is written, so reading and writing
   * overlap, and at most two batches are held.
   */
  async function* pieces(query: ExportOrdersQuery): AsyncGenerator<string> {
    const where = orderWhere(orderFilterOf(query));
    const read = (cursor: Cursor | null) => {
      const batch = readBatch(db, where, query.sort, cursor, options.batchSize);
      // Awaited below; an export abandoned meanwhile must not leave its failure unhandled.
      batch.catch(() => {});
      return batch;
    };
    yield stringify([], { bom: true, header: true, columns: [...EXPORT_COLUMNS] });
    let next: Promise<Batch> | null = read(null);
    while (next) {
      const batch: Batch = await next;
      const last = batch.at(-1);
      next =
        last && batch.length === options.batchSize
          ? read({ created: last.createdText, total: last.row.totalAmount, id: last.row.id })
          : null;
      if (batch.length > 0) yield stringify(batchRecords(batch));
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
      const csv = Readable.from(pieces(query), { objectMode: false });
      let isReleased = false;
      const release = () => {
        if (isReleased) return;
        isReleased = true;
        running -= 1;
      };
      // Written to the end, the slot is free at once; failed or abandoned (the client went away),
      // it is freed as the reading stops.
      csv.once('end', release);
      csv.once('close', () => {
        if (!csv.readableEnded) cutShort += 1;
        release();
      });
      return { fileName: `orders-${today.toISOString().slice(0, 10)}.csv`, csv };
    },
  };
}

export type OrderExporter = ReturnType<typeof createOrderExporter>;
