import type { Server } from 'node:net';
import type { Problem } from '../../contract/problem.ts';
import { addressSubject } from './client-address.ts';

/**
 * Caps open connections: in all (Node refuses the ones beyond), and per client address (IPv6 per
 * /64), so that one client holding connections open cannot take every file descriptor and
 * connection slot the store has. Zero turns a cap off (behind proxies, where every connection
 * comes from a proxy, the per-address cap belongs to the proxy).
 */
const REFUSAL_TEXT = JSON.stringify({
  type: 'about:blank',
  title: 'Service Unavailable',
  status: 503,
  code: 'service_unavailable',
  detail: 'Too many connections from your address. Please try again in a moment.',
} satisfies Problem);
const REFUSAL = [
  'HTTP/1.1 503 Service Unavailable',
  'Retry-After: 5',
  // A problem, as every refusal of the store is (the API description says so of every 503).
  'Content-Type: application/problem+json',
  'Cache-Control: no-store',
  `Content-Length: ${Buffer.byteLength(REFUSAL_TEXT)}`,
  'Connection: close',
  '',
  REFUSAL_TEXT,
].join('\r\n');

export function limitConnections(
  server: Server,
  limits: { maxConnections: number; maxConnectionsPerIp: number },
): void {
  if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;
  if (limits.maxConnectionsPerIp <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const subject = addressSubject(socket.remoteAddress ?? '');
    const count = (open.get(subject) ?? 0) + 1;
    if (count > limits.maxConnectionsPerIp) {
      // Said in HTTP, so that a browser behind a busy office address shows why, then closed.
      socket.end(REFUSAL);
      socket.destroySoon();
      return;
    }
    open.set(subject, count);
    socket.once('close', () => {
      const left = (open.get(subject) ?? 1) - 1;
      if (left > 0) open.set(subject, left);
      else open.delete(subject);
    });
  });
}
