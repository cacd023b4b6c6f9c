import { isIP } from 'node:net';

/** proxy-addr's names for whole ranges, which Fastify's trustProxy accepts beside addresses. */
export const PROXY_RANGE_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * One entry of `TRUST_PROXY`: an address, a CIDR, or one of proxy-addr's range names. Anything
 * else is refused at start rather than handed to Fastify, which would ignore it silently. Unset
 * trusts no proxy, so a client cannot choose its address (its country, its rate-limit key) by
 * sending X-Forwarded-For.
 */
export function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `10.0.0.0/8, ::1,loopback` as the list Fastify's `trustProxy` takes; `false` when it names none.
 * Returns the entries that are not addresses, CIDRs or range names as `bad`.
 */
export function parseTrustedProxies(value: string | undefined): { proxies: string[] | false; bad: string[] } {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  return { proxies: entries.length === 0 ? false : entries, bad: entries.filter((entry) => !isTrustedProxyEntry(entry)) };
}
