import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import { formatCount } from '../../../contract/format.ts';
import { fromMinorUnits } from '../../../contract/money.ts';
import type { ExportOrdersQuery } from '../../../contract/order-lists.ts';
import {
  formatInvoiceNumber,
  formatOrderNumber,
  NO_COMPANY_DETAILS,
} from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { orderLines, orderRefunds, orders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { orderFilterOf } from './order-filter.ts';
import { ORDER_SORT, orderWhere } from './orders.repo.ts';

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

const iso = (at: Date | null) => at?.toISOString() ?? '';

/** An order as the export reads it: its CSV columns, its lines and what was refunded. */
interface ExportRow {
  number: number;
  invoice_number: number | null;
  created_at: Date;
  status: string;
  customer_name: string;
  email: string;
  company_name: string | null;
  vat_number: string | null;
  ordered_num: number;
  total_amount: number;
  tax_amount: number | null;
  currency: string;
  paid_at: Date | null;
  shipped_at: Date | null;
  carrier: string | null;
  tracking_number: string | null;
  cancelled_at: Date | null;
  /** `[quantity, product name]` of each line, in order. */
  /** Each line's quantity, product name and SKU. */
  lines: [number, string, string][];
  refunded: number;
}

/**
 * The orders that match, in the list's own order, each with its lines (`json_agg`) and the amount
 * refunded: one query, read through a cursor.
 */
function exportQuery(query: ExportOrdersQuery): SQL {
  const where = orderWhere(orderFilterOf(query));
  const orderId = sql`${orders}.${sql.identifier(orders.id.name)}`;
  return sql`select ${orders.number} as number, ${orders.invoiceNumber} as invoice_number,
      ${orders.createdAt} as created_at, ${orders.status} as status,
      ${orders.customerName} as customer_name, ${orders.email} as email,
      ${orders.companyName} as company_name, ${orders.vatNumber} as vat_number,
      ${orders.orderedNum} as ordered_num, ${orders.totalAmount} as total_amount,
      ${orders.taxAmount} as tax_amount, ${orders.currency} as currency,
      ${orders.paidAt} as paid_at, ${orders.shippedAt} as shipped_at,
      ${orders.carrier} as carrier, ${orders.trackingNumber} as tracking_number,
      ${orders.cancelledAt} as cancelled_at,
      (select coalesce(json_agg(json_build_array(${orderLines.quantity}, ${orderLines.productName}, ${orderLines.sku})
                                order by ${orderLines.position}), '[]')
       from ${orderLines} where ${orderLines.orderId} = ${orderId}) as lines,
      (select coalesce(sum(${orderRefunds.amount}), 0)::int
       from ${orderRefunds} where ${orderRefunds.orderId} = ${orderId}) as refunded
    from ${orders}
    ${where ? sql`where ${where}` : sql``}
    order by ${sql.join(ORDER_SORT[query.sort], sql`, `)}`;
}

/** Orders as CSV records, every cell a string a spreadsheet shows as text. */
function toRecords(rows: ExportRow[]): string[][] {
  return rows.map((row) => {
    const currency = row.currency;
    return [
      formatOrderNumber(row.number),
      row.invoice_number === null ? '' : formatInvoiceNumber(row.invoice_number),
      iso(row.created_at),
      row.status,
      row.customer_name,
      row.email,
      // An order placed before its buyer gave company details says so, rather than look like
      // a gap in the export (docs/decisions/037).
      row.company_name ?? (row.vat_number ? '' : NO_COMPANY_DETAILS),
      row.vat_number ?? '',
      row.lines
        .map(([quantity, product, sku]) => `${formatCount(quantity)} × ${product} (SKU ${sku})`)
        .join('; '),
      String(row.ordered_num),
      fromMinorUnits(row.total_amount, currency),
      row.tax_amount === null ? '' : fromMinorUnits(row.tax_amount, currency),
      currency,
      iso(row.paid_at),
      iso(row.shipped_at),
      row.carrier ?? '',
      row.tracking_number ?? '',
      iso(row.cancelled_at),
      fromMinorUnits(row.refunded, currency),
    ].map(neutralised);
  });
}

export interface ExportOptions {
  /** Orders fetched from the cursor at a time. */
  batchSize: number;
  /** Exports one instance writes at once; one more is refused with 429. */
  maxAtOnce: number;
  /** A client that reads nothing for this long is cut off, and its place freed. */
  stallMs: number;
}

const dialect = new PgDialect();

/**
 * Orders as CSV for spreadsheets. One query in a read-only, repeatable-read transaction, read
 * through a cursor a batch at a time: the file is one consistent picture of the orders however
 * long it takes, any filter or sort costs one execution (a search over every order is done once,
 * not once a batch), and memory holds two batches at most. The file is written as the client
 * takes it: a client that stops reading stops the reading and is cut off after `stallMs`, and one
 * that goes away ends it; either way the connection goes back to the pool.
 */
export function createOrderExporter(db: Db, options: ExportOptions) {
  let running = 0;
  /** Exports that ended before their last row: the client went away, stalled, or reading failed. */
  let cutShort = 0;

  return {
    /** Exports being written now. */
    running: () => running,
    cutShort: () => cutShort,

    /**
     * The CSV of the orders that match, as a stream to send; its file name carries today's date
     * (UTC). Refused with 429 while `maxAtOnce` exports are being written. The first batch is read
     * before this answers, so a failure to read at all is an error answer, not a cut file.
     */
    async open(
      query: ExportOrdersQuery,
      today = new Date(),
    ): Promise<{ fileName: string; csv: Readable }> {
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
      let hasPlace = true;
      /** The export is written, or given up: another may start. */
      const leave = () => {
        if (!hasPlace) return;
        hasPlace = false;
        running -= 1;
      };
      let connection: PoolClient | undefined;
      let isReleased = false;
      /** Ends the transaction and gives the connection back (or drops it after a failure). */
      const release = async (failure?: Error) => {
        leave();
        if (isReleased) return;
        isReleased = true;
        if (!connection) return;
        const done = connection;
        if (failure) done.release(failure);
        else
          await done.query('commit').then(
            () => done.release(),
            (error: Error) => done.release(error),
          );
      };
      const fetchBatch = async () =>
        (
          await (connection as PoolClient).query<ExportRow>(
            `fetch ${options.batchSize} from orders_export`,
          )
        ).rows;
      let first: ExportRow[];
      try {
        const opened = await db.$client.connect();
        connection = opened;
        await opened.query('begin isolation level repeatable read, read only');
        const { sql: text, params } = dialect.sqlToQuery(exportQuery(query));
        await opened.query(`declare orders_export no scroll cursor for ${text}`, params);
        first = await fetchBatch();
      } catch (error) {
        await release(error as Error);
        throw error;
      }

      let inFlight: Promise<ExportRow[]> | null = null;
      let stall: NodeJS.Timeout | undefined;
      /** Asked for the next piece: the client is reading; it has `stallMs` to ask again. */
      const reading = () => {
        clearTimeout(stall);
        stall = setTimeout(() => csv.destroy(), options.stallMs);
        stall.unref();
      };
      async function* pieces(): AsyncGenerator<string> {
        reading();
        yield stringify([], { bom: true, header: true, columns: [...EXPORT_COLUMNS] });
        let batch = first;
        while (batch.length > 0) {
          reading();
          // The next batch is asked for before this one is written: reading and writing overlap.
          inFlight = batch.length === options.batchSize ? fetchBatch() : null;
          // Awaited below; an export abandoned meanwhile must not leave its failure unhandled.
          inFlight?.catch(() => {});
          yield stringify(toRecords(batch));
          batch = inFlight ? await inFlight : [];
          inFlight = null;
        }
      }

      const csv = Readable.from(pieces(), { objectMode: false });
      // Until the client asks for the first piece, it is as stalled as one that stopped.
      reading();
      csv.once('end', leave);
      csv.once('close', () => {
        clearTimeout(stall);
        if (!csv.readableEnded) cutShort += 1;
        // A fetch still on its way finishes first: one query at a time on a connection.
        const pending = inFlight ?? Promise.resolve();
        void pending.then(
          () => release(csv.readableEnded ? undefined : new Error('export cut short')),
          (error: Error) => release(error),
        );
      });
      return { fileName: `orders-${today.toISOString().slice(0, 10)}.csv`, csv };
    },
  };
}
