import { isIP } from 'node:net';

/** proxy-addr's names for whole ranges, which Fastify's trustProxy accepts beside addresses. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * One entry of `TRUST_PROXY` (parsed by `src/config.ts`): an address, a CIDR, or one of
 * proxy-addr's range names. Unset trusts no proxy, so a viewer cannot choose their country by
 * sending X-Forwarded-For.
 */
export function isTrustedProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
