import { z } from 'zod';
import { IdParamsSchema, IdSchema, route, TimestampSchema } from './common.ts';
import { formatCount } from './format.ts';

/**
 * The catalogue as a CSV file: what the export writes and the import reads (docs/decisions/045).
 * One row per tool, the columns below by their header names (any order, any letter case; only
 * `sku` is needed to match a row to a tool, every other fixed column to add or replace one), then
 * one `spec:<key>` column per specification (`spec:chuck-size`).
 */

/** The fixed columns, in the export's order. */
export const CATALOGUE_COLUMNS = [
  'sku',
  'brand',
  'mpn',
  'gtin',
  'name',
  'category',
  'price',
  'stock',
  'minimum_order',
  'order_increment',
  'max_per_order',
  'weight_grams',
  'price_breaks',
  'img',
  'description',
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

/** A specification's column: this prefix, then the attribute's key. */
export const SPEC_COLUMN_PREFIX = 'spec:';

/** What each column holds, in words (the admin screen and the README show these). */
export const CATALOGUE_COLUMN_HELP: Record<CatalogueColumn, string> = {
  sku: "The store's part number; a row whose SKU a tool has (whatever the letter case) replaces that tool, any other adds one.",
  brand: 'Who makes the tool.',
  mpn: "The maker's part number; empty for none.",
  gtin: 'The barcode number (8, 12, 13 or 14 digits, its check digit right); empty for none.',
  name: "The tool's name.",
  category: "The category's slug (its address: hammer-drills); empty for none.",
  price: 'The unit price in the store currency, as a decimal (49.99).',
  stock: 'Units in stock, as counted: the import sets the stock to this.',
  minimum_order: 'The fewest units one order line may have.',
  order_increment: 'Sold in packs of this many (1: any quantity).',
  max_per_order: 'The most units one order may have; empty for no limit.',
  weight_grams:
    "One unit's shipping weight in grams, for delivery priced by weight; 0 when not known.",
  price_breaks:
    'Volume prices as quantity: price pairs separated by semicolons (50: 44.99; 100: 39.99); empty for none.',
  img: 'The picture: a path on this site (/uploads/...) or an https:// link.',
  description: 'The description; it may run over several lines.',
};

/** The largest file the import reads (64 MiB: 100,000 tools with long descriptions). */
export const CATALOGUE_IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** The longest row, in characters, and the most rows one file may have. */
export const CATALOGUE_IMPORT_MAX_ROW_CHARACTERS = 100_000;
export const CATALOGUE_IMPORT_MAX_ROWS = 200_000;
/** The problems one report lists; it counts the rest. */
export const IMPORT_PROBLEMS_SHOWN = 200;

const ImportProblemSchema = z.object({
  /** The line of the file the row starts on (the header is line 1); null: the file as a whole. */
  line: z.int().min(1).nullable(),
  /** The column's header name; null: the row or the file as a whole. */
  column: z.string().nullable(),
  /** What is wrong, in a sentence. */
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

const ImportReportSchema = z.object({
  /** Whether the catalogue changed: only an import without a single problem is applied. */
  isApplied: z.boolean(),
  /** Rows read (tools), the header not counted. */
  rowCount: z.int().min(0),
  /** Rows whose SKU no listed tool has: added (or to be added). */
  created: z.int().min(0),
  /** Rows that change a listed tool. */
  updated: z.int().min(0),
  /** Rows the same as the tool already is. */
  unchanged: z.int().min(0),
  /** The first problems, in the file's order. */
  problems: z.array(ImportProblemSchema),
  /** Every problem found, those not listed included. */
  problemCount: z.int().min(0),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** How far an import has come: the file read and checked, then (an apply) the tools written. */
const IMPORT_PHASES = ['checking', 'writing', 'done', 'failed'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

const ImportProgressSchema = z.object({
  id: z.uuid(),
  isDryRun: z.boolean(),
  /** checking: the file is being read and checked; writing: its tools are being saved; then done or failed. */
  phase: z.enum(IMPORT_PHASES),
  /** The file's size (0 while it is still arriving), and how much of it has been read and checked. */
  bytesTotal: z.int().min(0),
  bytesRead: z.int().min(0),
  /** Rows read and checked so far. */
  rowsRead: z.int().min(0),
  /** Rows to write, known once the file is read without a problem (an apply); null before. */
  rowsToWrite: z.int().min(0).nullable(),
  rowsWritten: z.int().min(0),
  /** The import's answer once done; null until then, and when it failed. */
  report: ImportReportSchema.nullable(),
  startedAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

/** The id a client chooses for an import, to read its progress while it runs. */
const ImportQuerySchema = z.strictObject({
  progressId: IdSchema.optional().meta({
    description:
      'An id the client makes (a random UUID) to follow this import with GET /api/catalogue/imports/{id} while it runs; an id used before is refused (409).',
  }),
});

const CsvFileSchema = z.string().meta({
  contentMediaType: 'text/csv',
  description:
    'The catalogue as CSV (UTF-8, a byte order mark allowed), its first line the header.',
});

const IMPORT_RULES = `The file is sent as the request body with Content-Type text/csv (UTF-8; at most ${formatCount(CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024)} MiB and ${formatCount(CATALOGUE_IMPORT_MAX_ROWS)} rows) and read as it arrives. Its first line names the columns: sku and the fixed columns of the export (${CATALOGUE_COLUMNS.join(', ')}), in any order, and spec:<key> for each specification; each row replaces the tool with its SKU (whatever the letter case) or adds one, checked as the tool form checks a tool. Every problem is reported by line and column (the first ${IMPORT_PROBLEMS_SHOWN} listed, all counted).`;

const IMPORT_ERRORS = {
  400: 'validation_failed: the file is not UTF-8 text, a row is longer than the store reads, or the body is not a file.',
  409: 'progress_id_taken: the progressId was used for another import already.',
  413: 'payload_too_large: the file is larger than the store reads.',
  415: 'unsupported_media_type: the body is not sent as text/csv.',
} as const;

export const catalogueCsvRoutes = {
  exportAll: route({
    method: 'GET',
    path: '/catalogue/export',
    access: 'admin',
    summary: 'Export the catalogue as CSV',
    description: `Every listed tool, SKU order, as a CSV file for spreadsheets and for the import (UTF-8 with a byte order mark; prices as decimals in the store currency; a cell that a spreadsheet would run as a formula starts with an apostrophe, which the import drops again). Columns: ${CATALOGUE_COLUMNS.join(', ')}, then spec:<key> for every specification any category defines. Written as it is read.`,
    returns: 'The CSV file, as an attachment named with the day (UTC).',
    tags: ['tools'],
    response: z.string().meta({ contentMediaType: 'text/csv' }),
    file: 'text/csv',
    responseHeaders: ['Content-Disposition', 'Cache-Control'],
    errors: { 429: 'rate_limited: as many exports as the store writes at once are being written.' },
  }),
  dryRun: route({
    method: 'POST',
    path: '/catalogue/import/dry-run',
    access: 'admin',
    summary: 'Check a catalogue CSV without importing it',
    description: `Checks a catalogue file as the import would and changes nothing: what it would add, change and leave as it is, and every problem. ${IMPORT_RULES}`,
    returns: 'What the import would do, and every problem by line and column.',
    tags: ['tools'],
    consumes: 'text/csv',
    query: ImportQuerySchema,
    form: CsvFileSchema,
    response: ImportReportSchema,
    errors: IMPORT_ERRORS,
  }),
  apply: route({
    method: 'POST',
    path: '/catalogue/import',
    access: 'admin',
    summary: 'Import a catalogue CSV',
    description: `Imports a catalogue file all or nothing, in one transaction: with a single problem nothing changes and the answer lists the problems (isApplied false); otherwise every row is added or replaces its tool, the import and each tool it changed are written to the audit log, and the catalogue's caches drop once. One import runs at a time. ${IMPORT_RULES}`,
    returns: 'What the import did (isApplied), or the problems that stopped it.',
    tags: ['tools'],
    consumes: 'text/csv',
    query: ImportQuerySchema,
    form: CsvFileSchema,
    response: ImportReportSchema,
    errors: {
      ...IMPORT_ERRORS,
      409: 'import_running: another import is being applied; try again once it is done. progress_id_taken: the progressId was used for another import already.',
    },
  }),
  progress: route({
    method: 'GET',
    path: '/catalogue/imports/:id',
    access: 'admin',
    summary: 'Read how far an import has come',
    description:
      'Where the import sent with this progressId stands, from any instance of the store: the share of the file read and checked, then (an apply without problems) the tools written of those to write, and at the end its answer. Written as the import goes, about every thousand rows. Followed from the moment the request reaches the store; before that, not found.',
    returns: 'The import as it stands.',
    tags: ['tools'],
    params: IdParamsSchema,
    response: ImportProgressSchema,
    errors: { 404: 'not_found: no import with this id has reached the store.' },
  }),
} as const;
