import type { ImportReport } from '#contract/catalogue-csv.ts';
import { apiHref } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { sendFile } from '#web/lib/send-file.ts';

/** Where the whole catalogue downloads as CSV. */
export const catalogueExportHref = () => apiHref(apiRoutes.catalogueCsv.exportAll, {});

/**
 * Sends a catalogue file to the dry run or the import, telling `onProgress` the share sent; the
 * store checks the file once it has it all (decision 045).
 */
export function sendCatalogueFile(
  file: File,
  { isDryRun, onProgress }: { isDryRun: boolean; onProgress: (share: number) => void },
): Promise<ImportReport> {
  const route = isDryRun ? apiRoutes.catalogueCsv.dryRun : apiRoutes.catalogueCsv.apply;
  return sendFile(route, file, {
    contentType: 'text/csv',
    onProgress,
    tooLarge: 'This file is larger than the store reads: split it into several files.',
  });
}
