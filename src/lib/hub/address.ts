import ipaddr from 'ipaddr.js';

/** IPv6 global unicast (RFC 4291 2.4): ipaddr.js calls every unlisted IPv6 range "unicast", this is the part routed on the internet. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether the hub may connect to `address` (an IP in any notation ipaddr.js
 * reads). Only ordinary public unicast passes: loopback, private, link-local,
 * CGNAT, multicast, broadcast, unspecified, reserved, documentation,
 * benchmarking, 6to4/Teredo/NAT64 (which embed an IPv4 address of their
 * own) all fail. An IPv4-mapped IPv6 address is judged as the IPv4 it maps.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress()) ip = ip.toIPv4Address();
  if (ip instanceof ipaddr.IPv4) return ip.range() === 'unicast';
  return ip.range() === 'unicast' && ip.match(GLOBAL_UNICAST_V6);
}

/** The IP a URL host names literally (`[::1]` → `::1`, `127.0.0.1`), or undefined for a host name. WHATWG URL parsing has already turned decimal, hex and octal IPv4 forms into dotted quads. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return bare;
  if (bare.includes(':') && ipaddr.IPv6.isValid(bare)) return bare;
  return undefined;
}

/**
 * One name per callback host, for the per-host rate limit and subscription
 * cap: lowercase, without a trailing dot, an IPv4-mapped IPv6 literal as its
 * IPv4 (`victim.example.` is `victim.example`, `[::ffff:102:304]` is `1.2.3.4`).
 */
export function hostKey(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const literal = literalAddress(host);
  if (literal === undefined || !literal.includes(':')) return host;
  const ip = ipaddr.IPv6.parse(literal);
  return ip.isIPv4MappedAddress() ? ip.toIPv4Address().toString() : `[${ip.toString()}]`;
}

/**
 * The key a client's requests are counted under: its address, or for IPv6 its
 * /64, since one subscriber line usually holds a whole /64 and could
 * otherwise change address with every request.
 */
export function clientKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  let ip = ipaddr.parse(address);
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress()) ip = ip.toIPv4Address();
  if (ip instanceof ipaddr.IPv4) return ip.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${ip.toString()}/64`).toString()}/64`;
}

/**
 * A host name that always means this machine (RFC 6761 6.3: `localhost` and
 * every name under `.localhost`), refused when the subscription is asked for,
 * without waiting for the connect-time check of the verification.
 */
export function isLoopbackName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}
