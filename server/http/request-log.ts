import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { clientAddress } from './client-address.ts';

/**
 * One log line per request, when it completes, instead of Fastify's two: its request id (`reqId`,
 * in every line the request causes), the client's address, the route it matched, its address as
 * the log may keep it, the status and the time taken. Reads that went well (GET and HEAD under
 * 400: the catalogue, pages, assets) log at `debug`, because at store traffic they are most of the
 * lines and most of the logging cost, and the load balancer's access log already has them; every
 * write and every failure logs at `info`, and a failed response at `error` (docs/decisions/007).
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
      address: clientAddress(request),
      route: request.routeOptions.url ?? null,
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

/** A request id a proxy may hand us: nginx's `$request_id` (32 hex digits), a UUID, and the like. */
const REQUEST_ID = /^[\w.:-]{8,128}$/;

/**
 * Fastify's `genReqId`: the id the trusted proxy sent in `X-Request-Id` (so its access log and
 * ours name a request alike), or a fresh UUID. Only a peer TRUST_PROXY trusts may choose it: any
 * client can write the header, and a chosen id could pass one request off as another in the log.
 */
export function requestIdFor(
  trust: false | number | string[],
): (request: IncomingMessage) => string {
  const isTrustedPeer =
    trust === false
      ? () => false
      : typeof trust === 'number'
        ? () => trust > 0
        : (() => {
            const trusted = proxyAddr.compile(trust);
            return (address: string) => trusted(address, 0);
          })();
  return (request) => {
    const given = request.headers['x-request-id'];
    const peer = request.socket?.remoteAddress ?? '';
    if (typeof given === 'string' && REQUEST_ID.test(given) && isTrustedPeer(peer)) return given;
    return randomUUID();
  };
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
 * kept as it came; a cut one is logged in its plain form up to the cut. A segment holding an email
 * (`/api/userdetails/{email}`) is replaced: request lines name no one.
 */
function loggablePath(path: string): string {
  const plain = plainPath(path);
  if (plain.includes('@')) {
    return loggablePath(
      plain
        .split('/')
        .map((segment) => (segment.includes('@') ? REDACTED : segment))
        .join('/'),
    );
  }
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
