import { isIPv6 } from 'node:net';

/**
 * The key a client address is counted under by the limits (ingest and sign-in): an IPv4 address
 * as it is, an IPv6 address by its /64. One IPv6 subscriber is usually given a whole /64, so counting
 * single IPv6 addresses would hand anyone 2^64 fresh counters. An IPv4 address written as IPv6
 * (`::ffff:192.0.2.1`) counts as the IPv4 address.
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const bare = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail = ''] = bare.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = bare.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  // An embedded IPv4 tail takes two groups; it is past the /64 anyway, so it only shifts the count.
  const width = (parts: string[]) => parts.reduce((sum, part) => sum + (part.includes('.') ? 2 : 1), 0);
  const groups = bare.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - width(left) - width(right))).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (group.includes('.') ? '0' : group.replace(/^0+(?=.)/, '')))
    .join(':')}::/64`;
}
