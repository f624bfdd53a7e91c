import type { AnyRoute, ApiRoute, RouteOutput } from './api-client.ts';
import { ApiError, NETWORK_ERROR_DETAIL, retryAfterSeconds } from './api-error.ts';

/**
 * Sends a file to a route that takes one (an image's form, a catalogue CSV), telling `onProgress`
 * the share sent so far (0 to 1). XMLHttpRequest, not fetch: fetch cannot report upload progress.
 * The one way the web app sends a file; everything else goes through sendRequest.
 */
export function sendFile<D extends AnyRoute>(
  route: ApiRoute<D>,
  body: FormData | Blob,
  {
    contentType,
    query,
    onProgress,
    signal,
    tooLarge,
  }: {
    /** The body's type when it is a Blob (the browser sets a form's). */
    contentType?: string;
    /** The route's query, if it takes one. */
    query?: Record<string, string>;
    onProgress?: (share: number) => void;
    signal?: AbortSignal;
    /** What a 413 means to the person, when the store sends no sentence. */
    tooLarge: string;
  },
): Promise<RouteOutput<D>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const search = query ? `?${new URLSearchParams(query)}` : '';
    request.open(route.method, `/api${route.path}${search}`);
    request.setRequestHeader('accept', 'application/json');
    if (contentType) request.setRequestHeader('content-type', contentType);
    request.responseType = 'text';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const answer = parse(request.responseText);
      if (request.status >= 200 && request.status < 300 && answer) {
        resolve(answer as RouteOutput<D>);
        return;
      }
      const problem = (answer ?? {}) as Partial<{ code: string; detail: string }> & {
        errors?: ApiError['errors'];
      };
      reject(
        new ApiError({
          status: request.status,
          code: problem.code ?? 'http_error',
          detail:
            problem.detail ??
            (request.status === 413
              ? tooLarge
              : `The store answered ${request.status}; the file was not sent.`),
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
    request.send(body);
  });
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
