import ipaddr from 'ipaddr.js';

/**
 * The subject a per-address limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 address is
 * its IPv4 address), an IPv6 address by its network, the first `v6Prefix` bits (RATE_LIMIT_IPV6_PREFIX,
 * 64 by default: every phone and home gets a whole /64, so counting full addresses would give one
 * client unlimited buckets). Anything unparsable is counted as given.
 */
export function addressKey(ip: string, v6Prefix: number): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const parts = v6.parts.map((part, i) => {
    const bits = Math.min(16, Math.max(0, v6Prefix - i * 16));
    return bits === 0 ? 0 : part & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${new ipaddr.IPv6(parts).toString()}/${v6Prefix}`;
}
