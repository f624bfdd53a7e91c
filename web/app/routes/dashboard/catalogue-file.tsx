import { useId, useState } from 'react';
import type { MetaArgs } from 'react-router';
import {
  CATALOGUE_COLUMN_HELP,
  CATALOGUE_COLUMNS,
  type ImportProgress,
  type ImportReport,
  SPEC_COLUMN_PREFIX,
} from '#contract/catalogue-csv.ts';
import { formatCount } from '#contract/format.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import {
  catalogueExportHref,
  sendCatalogueFile,
  useImportProgress,
} from '#web/features/tools/api/catalogue-file.ts';
import { ImportProblems, reportSentence } from '#web/features/tools/components/import-report.tsx';
import { newRandomUuid } from '#web/lib/idempotency-key.ts';
import { pageMeta } from '#web/lib/page-meta.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Catalogue file', path: location.pathname, noIndex: true });

/** Where an import stands: nothing yet, sending (a share read), or answered. */
type Step =
  | { kind: 'idle' }
  | { kind: 'sending'; isDryRun: boolean; share: number; progressId: string }
  | { kind: 'checked'; report: ImportReport }
  | { kind: 'applied'; report: ImportReport }
  | { kind: 'failed'; error: unknown; isDryRun: boolean };

function ColumnHelp() {
  return (
    <details className="mt-3 rounded-md border border-stone-200 bg-white p-3 text-sm">
      <summary className="cursor-pointer font-semibold text-navy-800">
        What each column holds
      </summary>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {CATALOGUE_COLUMNS.map((column) => (
          <div key={column} className="contents">
            <dt>
              <code>{column}</code>
            </dt>
            <dd className="mb-1 text-stone-700">{CATALOGUE_COLUMN_HELP[column]}</dd>
          </div>
        ))}
        <dt>
          <code>{SPEC_COLUMN_PREFIX}&lt;key&gt;</code>
        </dt>
        <dd className="text-stone-700">
          One column per specification (spec:chuck-size): a number in its unit, yes or no, a choice
          from its list, or text; empty for no value. A row replaces every value of its tool.
        </dd>
      </dl>
    </details>
  );
}

/** What the bar shows: the sentence, and the share done (null: not known yet). */
function progressState(
  share: number,
  isDryRun: boolean,
  progress: ImportProgress | null | undefined,
): { label: string; done: number | null } {
  if (progress?.phase === 'writing' && progress.rowsToWrite) {
    const { rowsWritten, rowsToWrite } = progress;
    return {
      label: `Saving the tools: ${formatCount(rowsWritten)} of ${formatCount(rowsToWrite)}`,
      done: rowsWritten / rowsToWrite,
    };
  }
  if (progress?.phase === 'done') {
    const { rowsRead, rowsWritten } = progress;
    const saved = rowsWritten > 0 ? `, ${formatCount(rowsWritten)} tools saved` : '';
    return {
      label: `Done: ${formatCount(rowsRead)} ${rowsRead === 1 ? 'row' : 'rows'} checked${saved}`,
      done: 1,
    };
  }
  // Until the store reads the first rows, the browser knows best how much of the file is sent.
  if (share < 1 && !progress?.rowsRead)
    return { label: `Sending the file: ${Math.round(share * 100)}%`, done: share };
  if (progress && progress.bytesTotal > 0) {
    const done = progress.bytesRead / progress.bytesTotal;
    return {
      label: `Checking every row: ${formatCount(progress.rowsRead)} read (${Math.round(done * 100)}% of the file)${isDryRun ? '' : ', then saving every tool at once'}`,
      done,
    };
  }
  return { label: 'Checking every row…', done: null };
}

function Progress({
  share,
  isDryRun,
  progressId,
}: {
  share: number;
  isDryRun: boolean;
  progressId: string;
}) {
  const progress = useImportProgress(progressId);
  const { label, done } = progressState(share, isDryRun, progress.data);
  const percent = done === null ? undefined : Math.round(done * 100);
  return (
    <div className="mt-4" aria-live="polite">
      <p className="text-sm font-semibold text-navy-900 [overflow-wrap:anywhere]">{label}</p>
      <progress
        className="mt-1 h-2 w-full accent-orange-500"
        max={100}
        value={percent}
        aria-label={isDryRun ? 'Checking the file' : 'Importing the file'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
      />
      {progress.isError && (
        <p className="mt-1 text-sm text-stone-700">
          How far it has come cannot be read right now; the store goes on with the file.
        </p>
      )}
    </div>
  );
}

export function CatalogueFilePage() {
  const toast = useToast();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const isSending = step.kind === 'sending';

  const send = async (isDryRun: boolean) => {
    if (!file) return;
    // The id the store keeps this import's progress under, read while it runs.
    const progressId = newRandomUuid();
    setStep({ kind: 'sending', isDryRun, share: 0, progressId });
    try {
      const report = await sendCatalogueFile(file, {
        isDryRun,
        progressId,
        onProgress: (share) => setStep({ kind: 'sending', isDryRun, share, progressId }),
      });
      if (report.isApplied) {
        toast.success(reportSentence(report));
        setStep({ kind: 'applied', report });
      } else setStep({ kind: 'checked', report });
    } catch (error) {
      setStep({ kind: 'failed', error, isDryRun });
    }
  };

  const report = step.kind === 'checked' || step.kind === 'applied' ? step.report : null;
  const canApply =
    step.kind === 'checked' && step.report.problemCount === 0 && step.report.rowCount > 0;

  return (
    <>
      <PageHeading
        title="Catalogue file"
        description="The whole catalogue as one CSV file: download it, change it in a spreadsheet, check it, then import it. Each row is a tool, matched by its SKU; a new SKU adds a tool."
      />
      <section aria-labelledby="export-heading" className="mb-8">
        <h2 id="export-heading" className="text-lg font-semibold text-navy-900">
          Download the catalogue
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Every listed tool with its category, prices, quantity rules and specifications.
        </p>
        <a
          href={catalogueExportHref()}
          download
          className={buttonClasses({ variant: 'outline', className: 'mt-3' })}
        >
          Download catalogue (CSV)
        </a>
        <ColumnHelp />
      </section>
      <section aria-labelledby="import-heading">
        <h2 id="import-heading" className="text-lg font-semibold text-navy-900">
          Import a file
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Check the file first: nothing changes until you import it, and a file with any problem
          imports nothing.
        </p>
        <label htmlFor={inputId} className="mt-3 block text-sm font-semibold text-stone-800">
          CSV file (UTF-8)
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          disabled={isSending}
          className="mt-1 block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-navy-800 file:px-3 file:py-2 file:font-semibold file:text-white"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setStep({ kind: 'idle' });
          }}
        />
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            variant="secondary"
            disabled={!file || isSending}
            isPending={isSending && step.isDryRun}
            onClick={() => void send(true)}
          >
            Check the file
          </Button>
          {canApply && (
            <Button onClick={() => void send(false)}>
              Import {step.report.rowCount === 1 ? 'this tool' : 'these tools'}
            </Button>
          )}
        </div>
        {isSending && (
          <Progress share={step.share} isDryRun={step.isDryRun} progressId={step.progressId} />
        )}
        {step.kind === 'failed' && (
          <ErrorState
            className="mt-4"
            title={step.isDryRun ? 'We could not check this file' : 'We could not import this file'}
            error={step.error}
          />
        )}
        {report && (
          <div className="mt-4" aria-live="polite">
            <p
              className={`rounded-md p-3 text-sm font-semibold ${report.isApplied ? 'bg-emerald-50 text-emerald-900' : report.problemCount > 0 ? 'bg-red-50 text-red-900' : 'bg-navy-50 text-navy-900'}`}
            >
              {report.rowCount === 0
                ? report.problemCount === 0
                  ? 'This file has a header but no tools: add a row per tool.'
                  : // Its first line was refused: the store read no row to count.
                    'The rows were not read: fix the problems below first.'
                : reportSentence(report)}
              {!report.isApplied && report.problemCount === 0 && report.rowCount > 0
                ? ' Nothing has changed yet: import it to apply.'
                : ''}
            </p>
            {report.problemCount > 0 && <ImportProblems report={report} />}
          </div>
        )}
      </section>
    </>
  );
}

export default CatalogueFilePage;
