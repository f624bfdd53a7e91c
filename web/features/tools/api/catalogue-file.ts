import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ImportReport } from '#contract/catalogue-csv.ts';
import { apiHref, callApi } from '#web/lib/api-client.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';
import { sendFile } from '#web/lib/send-file.ts';

/** Where the whole catalogue downloads as CSV. */
export const catalogueExportHref = () => apiHref(apiRoutes.catalogueCsv.exportAll, {});

/**
 * Sends a catalogue file to the dry run or the import, telling `onProgress` the share sent; the
 * store checks the file once it has it all, and its progress is read by `progressId` meanwhile
 * (decisions 045, 050).
 */
export function sendCatalogueFile(
  file: File,
  {
    isDryRun,
    progressId,
    onProgress,
  }: { isDryRun: boolean; progressId: string; onProgress: (share: number) => void },
): Promise<ImportReport> {
  const route = isDryRun ? apiRoutes.catalogueCsv.dryRun : apiRoutes.catalogueCsv.apply;
  return sendFile(route, file, {
    contentType: 'text/csv',
    query: { progressId },
    onProgress,
    tooLarge: 'This file is larger than the store reads: split it into several files.',
  });
}

/** How often the screen reads a running import's progress, from a moment after it is sent. */
const PROGRESS_EVERY_MS = 700;

/**
 * The progress of import `id`, read every PROGRESS_EVERY_MS from a moment after the file starts
 * on its way (the store keeps it from the request's first byte; an import over by then needs no
 * bar). Not found (the request has not reached the store yet) reads as null, and is read again.
 */
export function useImportProgress(id: string) {
  const [isDue, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), PROGRESS_EVERY_MS);
    return () => clearTimeout(timer);
  }, []);
  return useQuery({
    queryKey: [...queryKeys.catalogueImports, id],
    enabled: isDue,
    refetchInterval: PROGRESS_EVERY_MS,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return await callApi(apiRoutes.catalogueCsv.progress, { params: { id } }, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
