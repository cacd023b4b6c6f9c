import { isIP } from 'node:net';

/** proxy-addr's names for whole ranges, which Fastify's trustProxy accepts beside addresses. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: the proxies whose X-Forwarded-For is believed, as a comma list of addresses and
 * CIDRs (or `loopback`, `linklocal`, `uniquelocal`). Unset or empty trusts none, so a viewer cannot
 * choose their country by sending the header. A bad entry stops the start, naming it.
 */
export function trustProxyFromEnv(value: string | undefined): string[] | false {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.length === 0) return false;
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0) throw new Error(`TRUST_PROXY: not an address or CIDR: ${bad.join(', ')} (a comma list, e.g. 10.0.0.0/8,127.0.0.1)`);
  return entries;
}
