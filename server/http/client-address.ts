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

/**
 * Every network a connection cap counts an address in, the narrowest first: an IPv4 address and its
 * /24, an IPv6 /64 and its /56 and /48 (what one home line, one site and one provider's customer
 * are usually given). Many addresses of one network then share one cap instead of each having its
 * own: 17 addresses of one /24 cannot hold 17 times what one may.
 */
export function addressNetworks(address: string): { subject: string; prefix: number }[] {
  const unmapped = unmapIPv4(address);
  if (!isIPv6(unmapped)) {
    if (!isIP(unmapped)) return [{ subject: unmapped, prefix: 32 }];
    const network = unmapped.split('.').slice(0, 3).join('.').concat('.0/24');
    return [
      { subject: unmapped, prefix: 32 },
      { subject: network, prefix: 24 },
    ];
  }
  const groups = expandIPv6(unmapped);
  const network = (prefix: 64 | 56 | 48) => {
    const kept = groups.slice(0, Math.ceil(prefix / 16)).map((group) => Number.parseInt(group, 16));
    // A /56 keeps the high byte of the fourth group.
    if (prefix === 56) kept[3] = (kept[3] ?? 0) & 0xff00;
    return { subject: `${kept.map((group) => group.toString(16)).join(':')}::/${prefix}`, prefix };
  };
  return [network(64), network(56), network(48)];
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
