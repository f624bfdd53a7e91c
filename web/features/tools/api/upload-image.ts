import { UPLOAD_FIELD } from '#contract/upload-names.ts';
import type { UploadedImage } from '#contract/uploads.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { sendFile } from '#web/lib/send-file.ts';

/**
 * Sends one image to POST /api/uploads as a multipart form (the browser adds our Origin), telling
 * `onProgress` the share sent so far (0 to 1).
 */
export function uploadImage(
  file: File,
  options: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedImage> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file);
  return sendFile(apiRoutes.uploads.create, form, {
    ...options,
    tooLarge: 'This file is too large for the store. Make the image smaller and try again.',
  });
}
