import { and, eq, lt, sql } from 'drizzle-orm';
import type { ImportPhase, ImportProgress, ImportReport } from '../../../contract/catalogue-csv.ts';
import type { Db } from '../../db/client.ts';
import { catalogueImports } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';

/**
 * Where a running import stands, kept in `catalogue_imports` (docs/decisions/050): written through
 * the pool, outside the import's own transaction (which nobody else sees until it commits), so the
 * admin's screen reads it from any instance. Writes are coalesced: one at a time, the newest
 * figures sent when the one before is done, so a slow database never makes the import wait on its
 * own progress.
 */

/** Finished imports are kept this long (their progress read after the answer), then dropped. */
const KEPT_MS = 24 * 60 * 60 * 1000;

interface Figures {
  phase?: ImportPhase;
  bytesTotal?: number;
  bytesRead?: number;
  rowsRead?: number;
  rowsToWrite?: number;
  rowsWritten?: number;
}

export interface ProgressTracker {
  /** The newest figures; written soon, never awaited by the import. */
  update(figures: Figures): void;
  /** The import's end: its answer (done) or none (failed); written before the answer is sent. */
  finish(report: ImportReport | null): Promise<void>;
}

/** No id sent: the import runs unfollowed. */
const untracked: ProgressTracker = { update: () => {}, finish: async () => {} };

/**
 * Starts following import `id`. An id used before is refused (409): each import has its own.
 */
export async function startProgress(
  db: Db,
  start: { id: string | undefined; actorId: string | null; isDryRun: boolean },
): Promise<ProgressTracker> {
  const { id } = start;
  if (!id) return untracked;
  await db
    .delete(catalogueImports)
    .where(lt(catalogueImports.createdAt, new Date(Date.now() - KEPT_MS)));
  const made = await db
    .insert(catalogueImports)
    .values({
      id,
      actorId: start.actorId,
      isDryRun: start.isDryRun,
      bytesTotal: 0,
    })
    .onConflictDoNothing()
    .returning({ id: catalogueImports.id });
  if (made.length === 0)
    throw conflict(
      'progress_id_taken',
      'This progress id was used for another import already: send the file with a new one.',
    );

  let pending: Figures = {};
  let writing: Promise<void> | undefined;
  const write = (figures: Figures) =>
    db
      .update(catalogueImports)
      .set({ ...figures, updatedAt: sql`now()` })
      .where(and(eq(catalogueImports.id, id), sql`${catalogueImports.finishedAt} is null`))
      .then(
        () => {},
        // Progress is for people watching: a failed write is not the import's failure.
        () => {},
      );
  const flush = (): void => {
    if (writing || Object.keys(pending).length === 0) return;
    const figures = pending;
    pending = {};
    writing = write(figures).then(() => {
      writing = undefined;
      flush();
    });
  };
  return {
    update(figures) {
      pending = { ...pending, ...figures };
      flush();
    },
    async finish(report) {
      await writing;
      pending = {};
      await db
        .update(catalogueImports)
        .set({
          phase: report ? 'done' : 'failed',
          report,
          ...(report
            ? {
                rowsRead: report.rowCount,
                ...(report.isApplied ? { rowsWritten: report.created + report.updated } : {}),
              }
            : {}),
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(catalogueImports.id, id))
        .catch(() => {});
    },
  };
}

/** Import `id` as it stands, or undefined when no import with that id has reached the store. */
export async function readProgress(db: Db, id: string): Promise<ImportProgress | undefined> {
  const [row] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, id));
  if (!row) return undefined;
  return {
    id: row.id,
    isDryRun: row.isDryRun,
    phase: row.phase as ImportPhase,
    bytesTotal: row.bytesTotal,
    bytesRead: row.phase === 'done' ? row.bytesTotal : row.bytesRead,
    rowsRead: row.rowsRead,
    rowsToWrite: row.rowsToWrite,
    rowsWritten: row.rowsWritten,
    report: (row.report as ImportReport | null) ?? null,
    startedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
