import http from 'node:http';
import type { Socket } from 'node:net';
import type { ProblemCode } from '../../contract/problem.ts';
import { problem } from '../plugins/error-handler.ts';

const REFUSALS: Record<string, { status: number; code: ProblemCode; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request_timeout',
    detail: 'The request did not arrive whole in time; send it again.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    detail: "The request's address and headers are larger than the store takes.",
  },
};

const MALFORMED = {
  status: 400,
  code: 'malformed_request' as const,
  detail: 'This request is not well-formed HTTP.',
};

/**
 * Answers a request that Node's HTTP parser refused before Fastify saw it (headers or address
 * too large, malformed HTTP, a request that did not arrive in time) with a problem, as every
 * other refusal, instead of Fastify's own JSON; the connection then closes.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      const refusal = REFUSALS[error.code ?? ''] ?? MALFORMED;
      const body = JSON.stringify(problem(refusal.status, refusal.code, refusal.detail));
      const lines = Object.entries({
        ...headers,
        'content-type': 'application/problem+json',
        'content-length': String(Buffer.byteLength(body)),
        'cache-control': 'no-store',
        connection: 'close',
      }).map(([name, value]) => `${name}: ${value}`);
      socket.write(
        `HTTP/1.1 ${refusal.status} ${http.STATUS_CODES[refusal.status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
