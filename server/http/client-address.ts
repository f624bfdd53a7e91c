import { isIP, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address: the socket's, or with TRUST_PROXY the one the trusted proxies report
 * (Fastify resolves it with proxy-addr). Anything that is not an IP address (a misconfigured hop
 * count reaching into what the client wrote) falls back to the socket address. IPv4-mapped IPv6
 * addresses are written as IPv4.
 */
export function clientAddress(request: FastifyRequest): string {
  const resolved = request.ip;
  const address = isIP(resolved) ? resolved : (request.socket?.remoteAddress ?? '');
  return unmapIPv4(address) || 'unknown';
}

/**
 * What a per-address limit counts: an IPv4 address, or an IPv6 /64 network (one customer line
 * gets a whole /64, so counting single IPv6 addresses would be no limit at all).
 */
export function addressSubject(address: string): string {
  const unmapped = unmapIPv4(address);
  if (!isIPv6(unmapped)) return unmapped;
  return expandIPv6(unmapped).slice(0, 4).join(':').concat('::/64');
}

function unmapIPv4(address: string): string {
  const match = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return match?.[1] ?? address;
}

/** The eight 16-bit groups of an IPv6 address, lower case, without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) =>
    group.includes('.') ? group : Number.parseInt(group, 16).toString(16),
  );
}
