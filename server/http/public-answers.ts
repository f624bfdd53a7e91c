import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { type Encoding, type PreparedBody, servedCompressed } from '../cache/response-cache.ts';
import { addressSubject } from './client-address.ts';
import { isApiPath, pageAddress } from './page-address.ts';
import { type AnswerSource, encodingFor, JSON_TYPE, preparedHeaders } from './prepared-reply.ts';

/** A refusal made ready to send: its status, headers and body. */
export interface RefusedPage {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A page of the web app: no API, no file (the app's files and uploads have a dot in their name). */
function isPagePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return !isApiPath(path) && !/\.[A-Za-z0-9]+$/.test(path) && !path.startsWith('/uploads/');
}

/** Addresses remembered at most (the least recently used go first), and the longest one remembered. */
const ADDRESSES_KEPT = 10_000;
const ADDRESS_MAX = 512;

interface Remembered {
  source: AnswerSource;
  cacheControl: string;
}

export interface PublicAnswers {
  /** A public route answered a GET for `url` (as the client wrote it) from `source`. */
  remember(url: string, source: AnswerSource, cacheControl: string): void;
  /** Fastify's `serverFactory`: the store's HTTP server, this lane in front of the app. */
  serverFactory(handler: RequestListener, options: Record<string, unknown>): http.Server;
  /** Requests answered here so far. */
  readonly served: number;
}

/**
 * Public answers served before routing (docs/decisions/021). A GET for an address that a public
 * route answered with a prepared answer (the catalogue, a tool, a page), spelled exactly as it was
 * then, is routed, validated and answered the same way again: so while that answer is in its cache,
 * it is sent from here, with the very headers the app sends, without a request object, hooks or
 * validation. Everything else goes to the app: other methods, conditional requests (a 304 is the
 * app's), a request with a body, an address not seen, an answer no longer cached (a change, its
 * age) or not yet compressed the way this browser takes it. Answers that belong to one customer
 * are never remembered.
 */
export function createPublicAnswers({
  baseHeaders,
  log,
  requestId,
  pageRefusal = () => undefined,
  isDraining = () => false,
}: {
  /** What the app sends on every response (server/plugins/security.ts). */
  baseHeaders: Record<string, string>;
  log: Logger;
  /** The request's id, as the app names it (server/http/request-log.ts), sent as X-Request-Id. */
  requestId: (request: IncomingMessage) => string;
  /**
   * The refusal (429) a page for a client at this socket address would get from the page route
   * now, when the client is over its own render limits (server/http/render-limits.ts): sent from
   * here at a fraction of the cost, so that a client flooding the store with pages it may not
   * have costs the main thread next to nothing.
   */
  pageRefusal?: (address: string) => RefusedPage | undefined;
  /**
   * Whether the instance is shutting down: then every request goes to the app, whose answers
   * close their connections (server/app.ts), so a proxy's kept-alive connections end before the
   * listener closes, whatever they ask for.
   */
  isDraining?: () => boolean;
}): PublicAnswers {
  const addresses = new LRUCache<string, Remembered>({ max: ADDRESSES_KEPT });
  const base = Object.entries(baseHeaders);
  /** Header lines made once per answer, cache policy and encoding; gone with the answer. */
  const lines = new WeakMap<PreparedBody, Map<string, string[]>>();
  let served = 0;

  const headerLines = (
    prepared: PreparedBody,
    cacheControl: string,
    encoding: Encoding | undefined,
    length: number,
  ): string[] => {
    const made = lines.get(prepared) ?? new Map<string, string[]>();
    lines.set(prepared, made);
    // The length too: a body's brotli form can be remade smaller while it is kept (servedCompressed).
    const key = `${cacheControl}\n${encoding ?? ''}\n${length}`;
    let flat = made.get(key);
    if (!flat) {
      const headers: Record<string, string> = {
        ...Object.fromEntries(base),
        ...preparedHeaders(prepared, cacheControl),
      };
      headers['content-type'] ??= JSON_TYPE;
      if (encoding) headers['content-encoding'] = encoding;
      headers['content-length'] = String(length);
      flat = Object.entries(headers).flat();
      made.set(key, flat);
    }
    return flat;
  };

  /**
   * What was remembered for `url`, or for a page, for its one spelling: `/tools?sort=<anything>`
   * is the page `/tools` (server/http/page-address.ts), which the page route remembers under that
   * spelling alone, so endless spellings neither go through the router nor push out the addresses
   * remembered here. A path spelled otherwise is the route's to redirect.
   */
  const rememberedFor = (url: string): Remembered | undefined => {
    const remembered = addresses.get(url);
    if (remembered || !isPagePath(url)) return remembered;
    let address: ReturnType<typeof pageAddress>;
    try {
      address = pageAddress(url);
    } catch {
      return undefined;
    }
    return address.redirect === undefined && address.isKept
      ? addresses.get(address.path)
      : undefined;
  };

  const refuse = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' || !isPagePath(request.url ?? '')) return false;
    const refusal = pageRefusal(request.socket.remoteAddress ?? '');
    if (!refusal) return false;
    response.writeHead(refusal.status, {
      ...baseHeaders,
      ...refusal.headers,
      'x-request-id': requestId(request),
    });
    response.end(refusal.body);
    return true;
  };

  const serve = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' || isDraining()) return false;
    const { headers } = request;
    if (headers['if-none-match'] || headers['content-length'] || headers['transfer-encoding']) {
      return refuse(request, response);
    }
    const remembered = rememberedFor(request.url ?? '');
    if (!remembered) return refuse(request, response);
    const started = performance.now();
    // The socket's address: behind proxies that is the proxy's, which only makes a page shared
    // by many clients look less shared to the page cache (server/cache/response-cache.ts).
    const client = addressSubject(request.socket.remoteAddress ?? '');
    const prepared = remembered.source.cache.peek(remembered.source.key, client);
    if (!prepared || (prepared.status ?? 200) !== 200) return refuse(request, response);
    const encoding = encodingFor(prepared, headers['accept-encoding']);
    const body = encoding ? prepared.ready[encoding] : prepared.body;
    if (!body) return false;
    if (encoding) servedCompressed(prepared, encoding);
    const lines = headerLines(prepared, remembered.cacheControl, encoding, body.length);
    response.writeHead(200, [...lines, 'x-request-id', requestId(request)]);
    response.end(body);
    served += 1;
    if (log.isLevelEnabled('debug')) {
      const responseTime = Math.round((performance.now() - started) * 10) / 10;
      log.debug(
        { method: 'GET', url: request.url, statusCode: 200, responseTime },
        'request completed',
      );
    }
    return true;
  };

  return {
    remember(url, source, cacheControl) {
      if (url.length > ADDRESS_MAX) return;
      addresses.set(url, { source, cacheControl });
    },
    serverFactory(handler, options) {
      // As Fastify makes its own server (fastify/lib/server.js), with this lane in front.
      const settings = options as {
        http?: http.ServerOptions | null;
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      const server = http.createServer(settings.http ?? {}, (request, response) => {
        if (!serve(request, response)) handler(request, response);
      });
      if (settings.keepAliveTimeout !== undefined) {
        server.keepAliveTimeout = settings.keepAliveTimeout;
      }
      if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
      if (settings.connectionTimeout) server.setTimeout(settings.connectionTimeout);
      return server;
    },
    get served() {
      return served;
    },
  };
}
