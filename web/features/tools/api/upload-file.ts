import { UPLOAD_FIELD } from '#contract/upload-names.ts';
import type { UploadedDocument, UploadedImage } from '#contract/uploads.ts';
import { ApiError, NETWORK_ERROR_DETAIL, retryAfterSeconds } from '#web/lib/api-error.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';

interface UploadOptions {
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/** One image to POST /api/uploads: stored as WebP in three widths. */
export const uploadImage = (file: File, options: UploadOptions = {}) =>
  uploadFile<UploadedImage>(apiRoutes.uploads.create, 'image', file, options);

/** One PDF to POST /api/uploads/documents: stored as it is. */
export const uploadDocument = (file: File, options: UploadOptions = {}) =>
  uploadFile<UploadedDocument>(apiRoutes.uploads.createDocument, 'document', file, options);

/**
 * Sends one file to an upload route as a multipart form (the browser adds our Origin), telling
 * `onProgress` the share sent so far (0 to 1). XMLHttpRequest, not fetch: fetch cannot report
 * upload progress.
 */
function uploadFile<T>(
  route: { method: string; path: string },
  noun: 'image' | 'document',
  file: File,
  { onProgress, signal }: UploadOptions,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const { method, path } = route;
    request.open(method, `/api${path}`);
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'text';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body = parse(request.responseText);
      if (request.status === 201 && body) {
        resolve(body as T);
        return;
      }
      const problem = (body ?? {}) as Partial<{ code: string; detail: string }> & {
        errors?: ApiError['errors'];
      };
      reject(
        new ApiError({
          status: request.status,
          code: problem.code ?? 'http_error',
          detail:
            problem.detail ??
            (request.status === 413
              ? `This file is too large for the store. Make the ${noun} smaller and try again.`
              : `The store answered ${request.status}; the ${noun} was not uploaded.`),
          errors: problem.errors ?? [],
          retryAfter: retryAfterSeconds(request.getResponseHeader('retry-after')),
        }),
      );
    });
    request.addEventListener('error', () => {
      reject(new ApiError({ status: 0, code: 'network_error', detail: NETWORK_ERROR_DETAIL }));
    });
    request.addEventListener('abort', () => {
      reject(new DOMException('The upload was stopped.', 'AbortError'));
    });
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_FIELD, file);
    request.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
