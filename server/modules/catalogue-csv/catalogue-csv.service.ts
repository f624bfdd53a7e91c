import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { TransactionRollbackError } from 'drizzle-orm';
import type { ImportProgress, ImportReport } from '../../../contract/catalogue-csv.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { createCsvExporter, type ExportOptions } from '../../http/csv-export.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { catalogueFile, specKeys } from './catalogue-export.ts';
import * as repo from './catalogue-import.repo.ts';
import { readCatalogueFile, receiveFile } from './catalogue-import.ts';
import type { CatalogueOutline } from './catalogue-row.ts';
import { type ProgressTracker, readProgress, startProgress } from './import-progress.ts';

/**
 * The catalogue as a CSV file, out and in (docs/decisions/045): the export streamed from a cursor;
 * the import read as it arrives into its own transaction, checked row by row, and then either
 * rolled back (a dry run, or any problem) or applied all at once.
 */

export interface CatalogueCsvOptions {
  currency: string;
  /** Every category's slug and specifications, under the categories' share lock. */
  outline: (tx: Tx) => Promise<CatalogueOutline>;
  /** After an import commits: the catalogue changed (this instance's caches drop at once). */
  onChange: () => void;
  exports?: Partial<ExportOptions>;
  /** Imports (dry runs too) one instance reads at once; one more is refused with 429. */
  maxImportsAtOnce?: number;
  /** The largest file read (tests make it small). */
  maxBytes?: number;
}

/** Who sends a file, whether to apply it, and the id its progress is read by (if any). */
interface ImportRequest {
  by: AuditActor;
  isDryRun: boolean;
  progressId: string | undefined;
}

/** Rows written per statement when an import is applied. */
const CHUNK = 5000;

export function createCatalogueCsvService(db: Db, options: CatalogueCsvOptions) {
  const exporter = createCsvExporter(db, {
    batchSize: options.exports?.batchSize ?? 1000,
    maxAtOnce: options.exports?.maxAtOnce ?? 2,
    stallMs: options.exports?.stallMs ?? 60_000,
  });
  let importing = 0;

  /**
   * Reads the file into a transaction of its own. A dry run, or a file with any problem, is
   * rolled back: nothing it staged or locked outlives it.
   */
  async function run(
    body: Readable,
    { by, isDryRun, progressId }: ImportRequest,
  ): Promise<ImportReport> {
    const actor = isDryRun ? undefined : by;
    if (importing >= (options.maxImportsAtOnce ?? 2))
      throw new AppError(
        429,
        'rate_limited',
        'Other catalogue files are being read right now. Try again in a minute.',
        undefined,
        { 'retry-after': '30' },
      );
    importing += 1;
    let report: ImportReport | undefined;
    let received: Awaited<ReturnType<typeof receiveFile>> | undefined;
    let file: ReadStream | undefined;
    let progress: ProgressTracker | undefined;
    try {
      // Followed from the first byte: the screen reads it while the file is still arriving.
      progress = await startProgress(db, { id: progressId, actorId: by.id, isDryRun });
      const following = progress;
      // The whole upload first, before any connection or lock is taken: a slow client holds none.
      received = await receiveFile(body, options.maxBytes);
      following.update({ bytesTotal: received.size });
      file = received.open();
      const reading = file;
      await db.transaction(async (tx) => {
        // One import applied at a time, decided before any lock: a second waits for nothing.
        if (actor && !(await repo.takeImportPlace(tx)))
          throw conflict(
            'import_running',
            'Another catalogue import is being applied right now. Try again once it is done.',
          );
        const outline = await options.outline(tx);
        await repo.createStaging(tx);
        const read = await readCatalogueFile(reading, {
          outline,
          currency: options.currency,
          stage: (rows) => repo.stage(tx, rows),
          onRowsRead: (rowsRead) => following.update({ rowsRead, bytesRead: reading.bytesRead }),
          ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
        });
        const isApplying = actor !== undefined && read.problemCount === 0;
        await repo.matchTools(tx, { lock: isApplying });
        const { last, ...counts } = await repo.countStaged(tx);
        report = { isApplied: false, rowCount: read.rowCount, ...counts, ...problemsOf(read) };
        if (!isApplying || !actor) return tx.rollback();
        const importId = randomUUID();
        let rowsWritten = 0;
        following.update({ phase: 'writing', rowsToWrite: counts.created + counts.updated });
        for (let from = 1; from <= last; from += CHUNK) {
          const range = { from, to: from + CHUNK - 1 };
          rowsWritten += await repo.updateChunk(tx, range, actor, importId);
          rowsWritten += await repo.insertChunk(tx, range, actor, importId);
          following.update({ rowsWritten });
        }
        await recordAudit(tx, actor, {
          action: 'catalogue.imported',
          target: { type: 'catalogue', id: importId, label: 'the catalogue' },
          details: { rowCount: read.rowCount, ...counts },
        });
        report.isApplied = true;
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw skuTaken(error) ?? error;
    } finally {
      importing -= 1;
      file?.destroy();
      await received?.discard();
      // After the commit (or the rollback): the answer the progress shows is the one sent.
      await progress?.finish(report ?? null);
    }
    if (!report) throw new Error('the import ended without a report');
    if (report.isApplied) options.onChange();
    return report;
  }

  return {
    /** The whole catalogue as CSV, a stream to send; 429 while as many are written. */
    async exportCsv(today = new Date()) {
      const keys = await specKeys(db);
      return exporter.open(catalogueFile(keys, options.currency, today));
    },
    exportsRunning: exporter.running,
    /** What importing the file would do, and every problem; changes nothing. */
    dryRun: (body: Readable, by: AuditActor, progressId?: string) =>
      run(body, { by, isDryRun: true, progressId }),
    /** Imports the file all or nothing, audited as `by`'s. */
    apply: (body: Readable, by: AuditActor, progressId?: string) =>
      run(body, { by, isDryRun: false, progressId }),
    /** How far import `id` has come (404 when none with that id has reached the store). */
    async progress(id: string): Promise<ImportProgress> {
      const found = await readProgress(db, id);
      if (!found) throw notFound('No import with this id has reached the store.');
      return found;
    },
  };
}

function problemsOf(read: { problems: ImportReport['problems']; problemCount: number }) {
  return { problems: read.problems, problemCount: read.problemCount };
}

/** A tool added with the SKU of a row while the import was being read: said as the form says it. */
function skuTaken(error: unknown): AppError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { constraint?: unknown }).constraint === 'tools_sku_idx')
      return conflict(
        'sku_taken',
        'A tool with the SKU of one of the rows was added while the file was being read: run the import again.',
      );
  }
  return undefined;
}

export type CatalogueCsvService = ReturnType<typeof createCatalogueCsvService>;
