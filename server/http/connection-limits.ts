import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';
import type { Problem } from '../../contract/problem.ts';
import { addressNetworks } from './client-address.ts';

/**
 * Caps open connections: in all, per client address, and per network (IPv4 per /24; IPv6 per /64,
 * /56 and /48), so that no client, nor many addresses of one network together, can take every
 * file descriptor and connection slot the store has. At the cap in all, the connection idle the
 * longest (kept alive between requests, or opened and never used) is closed to make room before a
 * new one is refused: idle connections cost nothing to close, and a client whose idle connection
 * is closed simply opens another. Zero turns a cap off (behind proxies, where every connection
 * comes from a proxy, the per-address caps belong to the proxy). docs/decisions/031.
 */
export interface ConnectionCaps {
  maxConnections: number;
  maxConnectionsPerIp: number;
}

/** A network holds this many times what one address may, and never more than a quarter of all. */
const NETWORK_SHARE: Record<number, number> = { 24: 4, 56: 2, 48: 4 };

const refusal = (detail: string) => {
  const text = JSON.stringify({
    type: 'about:blank',
    title: 'Service Unavailable',
    status: 503,
    code: 'service_unavailable',
    detail,
  } satisfies Problem);
  return [
    'HTTP/1.1 503 Service Unavailable',
    'Retry-After: 5',
    // A problem, as every refusal of the store is (the API description says so of every 503).
    'Content-Type: application/problem+json',
    'Cache-Control: no-store',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
    '',
    text,
  ].join('\r\n');
};
const TOO_MANY_FROM_YOU = refusal(
  'Too many connections from your address. Please try again in a moment.',
);
const TOO_MANY_IN_ALL = refusal('The store is very busy. Please try again in a moment.');

/** The most connections one network may hold, given what one address may. */
export function networkCap(prefix: number, caps: ConnectionCaps): number {
  if (caps.maxConnectionsPerIp <= 0) return 0;
  const share = prefix === 32 || prefix === 64 ? 1 : (NETWORK_SHARE[prefix] ?? 1);
  const cap = caps.maxConnectionsPerIp * share;
  return caps.maxConnections > 0 && share > 1
    ? Math.max(caps.maxConnectionsPerIp, Math.min(cap, Math.floor(caps.maxConnections / 4)))
    : cap;
}

export function limitConnections(server: HttpServer, caps: ConnectionCaps): void {
  if (caps.maxConnections <= 0 && caps.maxConnectionsPerIp <= 0) return;
  /** Connections open per network subject. */
  const open = new Map<string, number>();
  /** Requests under way per connection; a connection with none is idle. */
  const busy = new WeakMap<Socket, number>();
  /** Idle connections, in the order they became idle: the first has been idle the longest. */
  const idle = new Set<Socket>();
  let total = 0;

  const becameIdle = (socket: Socket) => {
    idle.delete(socket);
    if (!socket.destroyed) idle.add(socket);
  };
  server.on('request', (request, response) => {
    const { socket } = request;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    idle.delete(socket);
    response.once('close', () => {
      const left = (busy.get(socket) ?? 1) - 1;
      busy.set(socket, left);
      if (left === 0) becameIdle(socket);
    });
  });

  server.on('connection', (socket: Socket) => {
    const networks = addressNetworks(socket.remoteAddress ?? '');
    const full = networks.some(({ subject, prefix }) => {
      const cap = networkCap(prefix, caps);
      return cap > 0 && (open.get(subject) ?? 0) >= cap;
    });
    if (full) return refuse(socket, TOO_MANY_FROM_YOU);
    if (caps.maxConnections > 0 && total >= caps.maxConnections) {
      const oldest = idle.values().next().value;
      if (!oldest) return refuse(socket, TOO_MANY_IN_ALL);
      idle.delete(oldest);
      oldest.destroy();
    }
    total += 1;
    for (const { subject } of networks) open.set(subject, (open.get(subject) ?? 0) + 1);
    idle.add(socket);
    socket.once('close', () => {
      total -= 1;
      idle.delete(socket);
      for (const { subject } of networks) {
        const left = (open.get(subject) ?? 1) - 1;
        if (left > 0) open.set(subject, left);
        else open.delete(subject);
      }
    });
  });
}

/** Said in HTTP, so that a browser behind a busy office address shows why, then closed. */
function refuse(socket: Socket, answer: string): void {
  socket.on('error', () => {});
  socket.end(answer);
  socket.destroySoon();
}
