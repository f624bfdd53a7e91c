import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';
import css from '#web/app.css?inline';
import { InlineStylesContext } from '#web/lib/inline-styles.tsx';

export { setServerTransport } from '#web/lib/api-client.ts';
export { stylesheetHref } from '#web/lib/inline-styles.tsx';

/** The whole stylesheet, as every page carries it inline: the store cuts an island page's share. */
export const styles = css;

/** How long a page may wait for its data before it is cut short. */
export const streamTimeout = 5_000;

/**
 * Renders a page whole before its first byte leaves: a crawler, a link preview or a phone without
 * JavaScript gets every word, and the store can cache the result per URL (server/plugins/web.ts).
 * The data itself is already there: React Router ran the route loaders before this is called.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <InlineStylesContext value={css}>
        <ServerRouter context={routerContext} url={request.url} />
      </InlineStylesContext>,
      {
        // Every part in place, in order: React would otherwise send a large part after the page's
        // end, to be moved into place by a script (which a crawler without JavaScript never runs).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set('content-type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status,
            }),
          );
          pipe(body);
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          status = 500;
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
