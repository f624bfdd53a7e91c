import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  COMPRESS_THRESHOLD,
  type Encoding,
  encodedBody,
  type PreparedBody,
  type ResponseCache,
  servedCompressed,
} from '../cache/response-cache.ts';

/** Where a public answer is kept: a later GET for the same address may be answered from there. */
export interface AnswerSource {
  cache: ResponseCache;
  key: string;
  /**
   * The address the answer is remembered under when not the request's own spelling: a page's one
   * spelling (server/http/page-address.ts), which the lane in front finds for any other.
   */
  address?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Public answers served before routing (server/http/public-answers.ts). */
    rememberPublicAnswer?: (url: string, source: AnswerSource, cacheControl: string) => void;
  }
}

/** The headers of a prepared answer besides the store's own on every response. */
export function preparedHeaders(
  prepared: PreparedBody,
  cacheControl: string,
): Record<string, string> {
  return {
    ...prepared.headers,
    etag: prepared.etag,
    'cache-control': cacheControl,
    vary: 'Accept-Encoding',
  };
}

/** JSON unless the answer says what it is. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The encoding a prepared answer is sent in: none for small bodies or browsers that take none. */
export function encodingFor(prepared: PreparedBody, acceptEncoding: string | undefined) {
  return prepared.body.length >= COMPRESS_THRESHOLD ? preferredEncoding(acceptEncoding) : undefined;
}

/**
 * Sends a prepared answer: 304 when the browser already holds it (If-None-Match), otherwise
 * its brotli or gzip form when the browser takes one, made once and reused. Setting
 * Content-Encoding here keeps the global compressor from compressing it again. With a `source`
 * (public answers only), a later GET for the same address may be answered before routing.
 */
export async function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedBody,
  cacheControl: string,
  source?: AnswerSource,
): Promise<FastifyReply> {
  reply.headers(preparedHeaders(prepared, cacheControl));
  const status = prepared.status ?? 200;
  if (status === 200 && matchesEtag(request.headers['if-none-match'], prepared.etag)) {
    return reply.code(304).send();
  }
  if (source && status === 200 && request.method === 'GET') {
    request.server.rememberPublicAnswer?.(
      source.address ?? request.raw.url ?? '',
      source,
      cacheControl,
    );
  }
  reply.code(status);
  if (!prepared.headers['content-type']) reply.type(JSON_TYPE);
  const encoding = encodingFor(prepared, request.headers['accept-encoding']);
  if (!encoding) return reply.send(prepared.body);
  const body = prepared.ready[encoding] ?? (await encodedBody(prepared, encoding));
  servedCompressed(prepared, encoding);
  return reply.header('content-encoding', encoding).send(body);
}

/** If-None-Match uses the weak comparison: W/"x" matches "x". */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** What each Accept-Encoding a browser sends asks for: browsers send a handful of them. */
const preferred = new Map<string, Encoding | undefined>();
const PREFERRED_KEPT = 64;

/** brotli when accepted, else gzip, else none; a `q=0` refuses a coding. */
function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (preferred.has(header)) return preferred.get(header);
  const encoding = parsePreferred(header);
  if (preferred.size >= PREFERRED_KEPT) preferred.clear();
  preferred.set(header, encoding);
  return encoding;
}

function parsePreferred(header: string): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const takes = (coding: Encoding) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}
