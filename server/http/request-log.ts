import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, when it completes, instead of Fastify's two. Reads that went well
 * (GET and HEAD under 400: the catalogue, pages, assets) log at `debug`, because at store traffic
 * they are most of the lines and most of the logging cost, and the load balancer's access log
 * already has them; every write and every failure logs at `info`, and a failed response at
 * `error` (docs/decisions/007).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: loggableUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    const isQuietRead =
      (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode < 400;
    // A level that is off is a no-op in pino: nothing is formatted or written.
    reply.log[isQuietRead ? 'debug' : 'info'](line, 'request completed');
  }
}

/** Path segments that carry a one-time token: the segment after each of these is one. */
const TOKEN_SEGMENT_AFTER = /(\/reset-password\/)[^/?#]+/g;

/**
 * The address as the log may keep it: the path, with a token in it replaced, and the names of its
 * query parameters without their values. Confirmation and reset links carry their token in the
 * query or the path, and whoever reads a token in the log can take over the account.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(
    TOKEN_SEGMENT_AFTER,
    '$1[redacted]',
  );
  if (queryAt === -1) return pathPart;
  const names = [...new URLSearchParams(url.slice(queryAt + 1)).keys()];
  return names.length === 0
    ? pathPart
    : `${pathPart}?${names.map((name) => `${name}=…`).join('&')}`;
}
