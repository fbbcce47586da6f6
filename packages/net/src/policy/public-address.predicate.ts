import { isIP } from 'node:net';
import { IPv4, IPv6 } from 'ipaddr.js';

// Only 2000::/3 is allocated as global unicast; range() calls anything it does not list "unicast",
// so this also refuses deprecated IPv4-compatible forms (::a.b.c.d), which are never routed.
const GLOBAL_UNICAST_V6 = IPv6.parseCIDR('2000::/3');

/**
 * True only for globally reachable unicast addresses. Everything ipaddr.js classifies as special
 * (loopback, private, link-local, CGNAT, multicast, broadcast, benchmarking, TEST-NETs, 240/4,
 * NAT64, 6to4, Teredo, ORCHID, documentation, ...) is refused, and an IPv4-mapped IPv6 address is
 * judged by the IPv4 address it carries.
 */
export function isPublicAddress(ip: string): boolean {
  // net.isIP accepts only canonical forms, unlike ipaddr.js ("127.1", "0x7f.1").
  const family = isIP(ip);
  if (family === 0) return false;
  if (family === 4) return IPv4.parse(ip).range() === 'unicast';
  // Zone ids only ever scope link-local and multicast addresses.
  if (ip.includes('%')) return false;
  // ipaddr.js reads "::a.b.c.d" as IPv4-mapped; WHATWG's serialisation keeps RFC 4291's meaning.
  const address = IPv6.parse(new URL(`http://[${ip}]/`).hostname.slice(1, -1));
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().range() === 'unicast';
  return address.range() === 'unicast' && address.match(GLOBAL_UNICAST_V6);
}
