import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';

/**
 * A CSV file for spreadsheets, read from PostgreSQL as it is written: the one way the store's
 * exports (orders, the catalogue) read and stream their rows.
 */

/**
 * A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return first) gets
 * a leading apostrophe, so it is shown as the text it is (OWASP "CSV injection").
 */
export function neutralised(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export interface ExportOptions {
  /** Rows fetched from the cursor at a time. */
  batchSize: number;
  /** Exports one instance writes at once; one more is refused with 429. */
  maxAtOnce: number;
  /** A client that reads nothing for this long is cut off, and its place freed. */
  stallMs: number;
}

/** One file: its query, its first row, and how a batch of its rows becomes CSV records. */
export interface ExportFile<Row> {
  query: SQL;
  columns: readonly string[];
  /** Each cell a string; neutralised here. */
  toRecords: (rows: Row[]) => string[][];
  fileName: string;
}

const dialect = new PgDialect();

/**
 * Files as CSV for spreadsheets (UTF-8 with a byte order mark). One query in a read-only,
 * repeatable-read transaction, read through a cursor a batch at a time: the file is one consistent
 * picture however long it takes, any filter or sort costs one execution, and memory holds two
 * batches at most. The file is written as the client takes it: a client that stops reading stops
 * the reading and is cut off after `stallMs`, and one that goes away ends it; either way the
 * connection goes back to the pool.
 */
export function createCsvExporter(db: Db, options: ExportOptions) {
  let running = 0;
  /** Exports that ended before their last row: the client went away, stalled, or reading failed. */
  let cutShort = 0;

  return {
    /** Exports being written now. */
    running: () => running,
    cutShort: () => cutShort,

    /**
     * The file as a stream to send. Refused with 429 while `maxAtOnce` exports are being written.
     * The first batch is read before this answers, so a failure to read at all is an error
     * answer, not a cut file.
     */
    async open<Row>(file: ExportFile<Row>): Promise<{ fileName: string; csv: Readable }> {
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
        (await (connection as PoolClient).query(`fetch ${options.batchSize} from csv_export`))
          .rows as Row[];
      let first: Row[];
      try {
        const opened = await db.$client.connect();
        connection = opened;
        await opened.query('begin isolation level repeatable read, read only');
        const { sql: text, params } = dialect.sqlToQuery(file.query);
        await opened.query(`declare csv_export no scroll cursor for ${text}`, params);
        first = await fetchBatch();
      } catch (error) {
        await release(error as Error);
        throw error;
      }

      let inFlight: Promise<Row[]> | null = null;
      let stall: NodeJS.Timeout | undefined;
      /** Asked for the next piece: the client is reading; it has `stallMs` to ask again. */
      const reading = () => {
        clearTimeout(stall);
        stall = setTimeout(() => csv.destroy(), options.stallMs);
        stall.unref();
      };
      const records = (rows: Row[]) =>
        file.toRecords(rows).map((record) => record.map(neutralised));
      async function* pieces(): AsyncGenerator<string> {
        reading();
        yield stringify([], { bom: true, header: true, columns: [...file.columns] });
        let batch = first;
        while (batch.length > 0) {
          reading();
          // The next batch is asked for before this one is written: reading and writing overlap.
          inFlight = batch.length === options.batchSize ? fetchBatch() : null;
          // Awaited below; an export abandoned meanwhile must not leave its failure unhandled.
          inFlight?.catch(() => {});
          yield stringify(records(batch));
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
      return { fileName: file.fileName, csv };
    },
  };
}
