import { UPLOAD_FIELD } from '#contract/upload-names.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { sendFile } from '#web/lib/send-file.ts';

interface UploadOptions {
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

const formOf = (file: File) => {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file);
  return form;
};

/** One image to POST /api/uploads (stored as WebP in three widths), as a multipart form. */
export const uploadImage = (file: File, options: UploadOptions = {}) =>
  sendFile(apiRoutes.uploads.create, formOf(file), {
    ...options,
    tooLarge: 'This file is too large for the store. Make the image smaller and try again.',
  });

/** One PDF to POST /api/uploads/documents (stored as it is), as a multipart form. */
export const uploadDocument = (file: File, options: UploadOptions = {}) =>
  sendFile(apiRoutes.uploads.createDocument, formOf(file), {
    ...options,
    tooLarge: 'This file is too large for the store. Make the document smaller and try again.',
  });
