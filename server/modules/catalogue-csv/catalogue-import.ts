import { once } from 'node:events';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import {
  CATALOGUE_IMPORT_MAX_BYTES,
  CATALOGUE_IMPORT_MAX_ROW_CHARACTERS,
  CATALOGUE_IMPORT_MAX_ROWS,
  IMPORT_PROBLEMS_SHOWN,
  type ImportProblem,
} from '../../../contract/catalogue-csv.ts';
import { formatCount } from '../../../contract/format.ts';
import { AppError, badRequest } from '../../errors.ts';
import { type CatalogueOutline, type ReadHeader, readHeader, readRow } from './catalogue-row.ts';

/**
 * Reading an uploaded catalogue file (docs/decisions/045): received as fast as it comes into a
 * private temporary file (bytes counted, 413 past the limit), so that the upload ends within the
 * request time-out however long the checks take; then read back from there, decoded as UTF-8, the
 * CSV parsed a record at a time, each row read and checked, the good ones handed on in batches,
 * every problem kept by line and column (the first IMPORT_PROBLEMS_SHOWN; the rest counted). The
 * next bytes are read only once a batch is handed on, so memory holds a batch, whatever the
 * file's size.
 */

/** An upload kept in a private temporary file until `discard`. */
export interface ReceivedFile {
  /** The file's size in bytes. */
  size: number;
  open: () => ReadStream;
  discard: () => Promise<void>;
}

const tooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'payload_too_large',
    `This file is larger than the ${formatCount(maxBytes / 1024 / 1024)} MiB the store reads: split it into several files.`,
  );

/**
 * Receives the request body into a temporary file (0600 in a 0700 directory of its own). Past
 * `maxBytes` it stops writing and refuses with 413; the rest of the body is left to the server to
 * drop, so the request itself can still be answered.
 */
export async function receiveFile(
  body: Readable,
  maxBytes = CATALOGUE_IMPORT_MAX_BYTES,
): Promise<ReceivedFile> {
  const dir = await mkdtemp(path.join(tmpdir(), 'toolyard-import-'));
  const file = path.join(dir, 'catalogue.csv');
  const discard = () => rm(dir, { recursive: true, force: true });
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  try {
    await new Promise<void>((resolve, reject) => {
      let received = 0;
      const stop = (error?: Error) => {
        body.off('data', onData);
        body.off('end', onEnd);
        body.off('error', stop);
        body.off('close', onClose);
        if (error) reject(error);
        else resolve();
      };
      // A client gone before the end: nothing to import, and nothing left waiting.
      const onClose = () => stop(new Error('the upload was cut short'));
      const onData = (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) return stop(tooLarge(maxBytes));
        if (!out.write(chunk)) {
          body.pause();
          out.once('drain', () => body.resume());
        }
      };
      const onEnd = () => stop();
      body.on('data', onData);
      body.once('end', onEnd);
      body.once('error', stop);
      body.once('close', onClose);
      // Gone while the directory was being made: its 'close' has passed already.
      if (body.destroyed) onClose();
    });
  } catch (error) {
    out.destroy();
    await discard();
    throw error;
  }
  out.end();
  await once(out, 'close');
  return { size: out.bytesWritten, open: () => createReadStream(file), discard };
}

/** A checked row as it waits in the import's temporary table (catalogue-import.repo.ts). */
export interface StagedTool {
  line: number;
  sku: string;
  brand: string;
  mpn: string | null;
  gtin: string | null;
  category_id: string | null;
  name: string;
  img: string;
  description: string;
  quantity: number;
  minimum_order: number;
  order_increment: number;
  max_per_order: number | null;
  weight_grams: number;
  price: number;
  price_tiers: { minQuantity: number; price: number }[];
  specs: Record<string, number | string | boolean>;
}

export interface ReadFile {
  rowCount: number;
  problems: ImportProblem[];
  problemCount: number;
}

const BATCH = 1000;

/** The body's bytes counted (413 past the limit) and decoded as UTF-8 (400 when they are not). */
function utf8Text(maxBytes: number): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let received = 0;
  return new Transform({
    decodeStrings: true,
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > maxBytes) return done(tooLarge(maxBytes));
      if (chunk.includes(0))
        return done(
          badRequest('This file holds binary data, not CSV text: export the sheet as CSV (UTF-8).'),
        );
      try {
        done(null, decoder.decode(chunk, { stream: true }));
      } catch {
        done(notUtf8());
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode());
      } catch {
        done(notUtf8());
      }
    },
  });
}

const notUtf8 = () =>
  badRequest(
    'This file is not UTF-8 text: save it as “CSV UTF-8” (in a spreadsheet: Save as, CSV UTF-8) and try again.',
  );

/** A CSV error the parser cannot read past, in a sentence. */
function csvProblem(error: CsvError): string {
  if (error.code === 'CSV_MAX_RECORD_SIZE')
    return `This row is longer than ${formatCount(CATALOGUE_IMPORT_MAX_ROW_CHARACTERS)} characters: a quote may be missing its closing quote.`;
  if (error.code === 'CSV_QUOTE_NOT_CLOSED')
    return 'A quoted cell starting here is never closed: add the closing quote.';
  return 'This line is not CSV the store can read (a quote in the middle of a cell?): quote the cell and double the quotes inside it.';
}

/**
 * Reads the file in `body`, handing each batch of good rows to `stage` before reading on.
 * Throws AppError for a file that cannot be read at all (not UTF-8, binary, too large).
 */
export async function readCatalogueFile(
  body: Readable,
  {
    outline,
    currency,
    stage,
    onRowsRead = () => {},
    maxBytes = CATALOGUE_IMPORT_MAX_BYTES,
  }: {
    outline: CatalogueOutline;
    currency: string;
    stage: (rows: StagedTool[]) => Promise<void>;
    /** Told the rows read so far, every BATCH rows and at the end (for the import's progress). */
    onRowsRead?: (rowCount: number) => void;
    maxBytes?: number;
  },
): Promise<ReadFile> {
  const result: ReadFile = { rowCount: 0, problems: [], problemCount: 0 };
  const report = (line: number | null, found: Omit<ImportProblem, 'line'>) => {
    result.problemCount += 1;
    if (result.problems.length < IMPORT_PROBLEMS_SHOWN) result.problems.push({ line, ...found });
  };
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    max_record_size: CATALOGUE_IMPORT_MAX_ROW_CHARACTERS,
  });
  const text = utf8Text(maxBytes);
  body.pipe(text).pipe(parser);
  // The parser stops on either's error; the request itself is left whole, to answer on.
  for (const stream of [body, text]) stream.on('error', (error) => parser.destroy(error));
  let header: ReadHeader | undefined;
  let nextLine = 1;
  const seen = new Map<string, number>();
  let batch: StagedTool[] = [];
  let staging: Promise<void> = Promise.resolve();
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const line = nextLine;
      nextLine = info.lines + 1;
      if (record.length === 1 && record[0]?.trim() === '') continue;
      if (!header) {
        const read = readHeader(record, outline);
        for (const found of read.problems) report(line, found);
        if (!read.header) break;
        header = read.header;
        continue;
      }
      result.rowCount += 1;
      if (result.rowCount % BATCH === 0) onRowsRead(result.rowCount);
      if (result.rowCount > CATALOGUE_IMPORT_MAX_ROWS) {
        report(line, {
          column: null,
          message: `A file may hold at most ${formatCount(CATALOGUE_IMPORT_MAX_ROWS)} tools: split it into several files.`,
        });
        break;
      }
      const read = readRow(record, header, outline, currency);
      const key = read.sku?.toLowerCase();
      const first = key === undefined ? undefined : seen.get(key);
      if (key !== undefined && first === undefined) seen.set(key, line);
      if (first !== undefined)
        report(line, {
          column: 'sku',
          message: `The SKU ${read.sku} is on line ${first} too (SKUs are the same whatever the letter case): each tool may appear once.`,
        });
      if ('problems' in read) {
        for (const found of read.problems) report(line, found);
        continue;
      }
      if (first !== undefined) continue;
      batch.push(toStaged(line, read.fields));
      if (batch.length >= BATCH) {
        // The database writes this batch while the next is read and checked (two cores at work);
        // the one before must be written first, so memory holds two batches at most.
        await staging;
        staging = stage(batch);
        // A failure is thrown at the next await of `staging`, never left unhandled meanwhile.
        staging.catch(() => {});
        batch = [];
      }
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // Records read before the error may not have reached the loop: the parser names the line.
    const at = (error as CsvError & { lines?: number }).lines;
    report(typeof at === 'number' && at >= nextLine ? at : nextLine, {
      column: null,
      message: csvProblem(error),
    });
  } finally {
    // Nothing is left writing on the transaction once the read ends, however it ends.
    await staging.catch(() => {});
    // The body is the received file (receiveFile): whoever opened it closes it, unread or not.
    body.unpipe(text);
    text.destroy();
  }
  await staging;
  await stage(batch);
  onRowsRead(result.rowCount);
  if (!header && result.problemCount === 0)
    report(null, {
      column: null,
      message: 'The file is empty: it needs a header line and a row per tool.',
    });
  return result;
}

function toStaged(line: number, fields: Parameters<typeof toStagedFields>[0]): StagedTool {
  return { line, ...toStagedFields(fields) };
}

function toStagedFields(fields: {
  sku?: string | undefined;
  brand?: string | undefined;
  mpn?: string | undefined;
  gtin?: string | undefined;
  categoryId: string | null;
  name: string;
  img: string;
  description: string;
  quantity: number;
  minimumOrder: number;
  orderIncrement: number;
  maxPerOrder: number | null;
  weightGrams: number;
  price: number;
  priceTiers: { minQuantity: number; price: number }[];
  specs: Record<string, number | string | boolean>;
}): Omit<StagedTool, 'line'> {
  return {
    sku: fields.sku ?? '',
    brand: fields.brand ?? '',
    mpn: fields.mpn ?? null,
    gtin: fields.gtin ?? null,
    category_id: fields.categoryId,
    name: fields.name,
    img: fields.img,
    description: fields.description,
    quantity: fields.quantity,
    minimum_order: fields.minimumOrder,
    order_increment: fields.orderIncrement,
    max_per_order: fields.maxPerOrder,
    weight_grams: fields.weightGrams,
    price: fields.price,
    price_tiers: fields.priceTiers,
    specs: fields.specs,
  };
}
