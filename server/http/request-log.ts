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

/** Auth endpoint names (`sign-in`, `email`, `get-session`): anything else under /api/auth is not. */
const ENDPOINT_WORD = /^([a-z][a-z-]{0,39})?$/;
/** A query parameter's name as the log keeps it; a longer or odder one may be a token. */
const PARAMETER_NAME = /^[A-Za-z][\w.-]{0,19}$/;
const REDACTED = '[redacted]';

/**
 * The path as the router may read it, whatever way it was written: ASCII percent-escapes decoded
 * (again, up to four rounds: `%252F`), backslashes as slashes, repeated slashes as one.
 */
function plainPath(path: string): string {
  let current = path;
  for (let round = 0; round < 4; round++) {
    const next = current.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === current) break;
    current = next;
  }
  return current.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
}

/**
 * The path with any one-time token cut off: what follows `reset-password` (in any case or
 * encoding), and under /api/auth whatever is not an endpoint name. A path with nothing to cut is
 * kept as it came; a cut one is logged in its plain form up to the cut.
 */
function loggablePath(path: string): string {
  const plain = plainPath(path);
  const segments = plain.split('/');
  const isAuth = plain.toLowerCase().startsWith('/api/auth/');
  for (const [index, segment] of segments.entries()) {
    const isAfterReset = segments[index - 1]?.toLowerCase() === 'reset-password';
    const isOddUnderAuth = isAuth && index >= 3 && !ENDPOINT_WORD.test(segment);
    if (isAfterReset || isOddUnderAuth) return `${segments.slice(0, index).join('/')}/${REDACTED}`;
  }
  return path;
}

/**
 * The address as the log may keep it: the path, with a token in it cut off, and the names of its
 * query parameters without their values (a name that could be a token is replaced too).
 * Confirmation and reset links carry their token in the query or the path, and whoever reads a
 * token in the log can take over the account.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = loggablePath(queryAt === -1 ? url : url.slice(0, queryAt));
  if (queryAt === -1) return pathPart;
  const names = [...new URLSearchParams(url.slice(queryAt + 1)).keys()].map((name) =>
    PARAMETER_NAME.test(name) ? name : REDACTED,
  );
  return names.length === 0
    ? pathPart
    : `${pathPart}?${names.map((name) => `${name}=…`).join('&')}`;
}
