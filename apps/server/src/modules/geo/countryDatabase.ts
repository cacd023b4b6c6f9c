import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';

/** A caller's country, as /api/geo tells it (spec §3 Geo): both null when unknown. */
export interface CountryLookup {
  country: string | null;
  country_code: string | null;
}

const UNKNOWN: CountryLookup = { country: null, country_code: null };

/**
 * Addresses that belong to no country (RFC 6890 special-purpose ranges). The database is built from
 * registry data and tags some private ranges with a country (192.168.0.0/16 came back as AU), so
 * these are answered as unknown before the database is asked.
 */
const SPECIAL_PURPOSE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) SPECIAL_PURPOSE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) SPECIAL_PURPOSE.addSubnet(network, prefix, 'ipv6');

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is the IPv4 address it carries. */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** ip-location-db's records carry only an ISO code, beside MaxMind's own record shapes. */
type CountryRecord = Response & { country_code?: string };

let reader: Reader<CountryRecord> | undefined;

/**
 * The offline country database (`@ip-location-db/geo-whois-asn-country-mmdb`: RIR whois and
 * geofeed data, CC BY 4.0 by the NRO; IPv4 and IPv6 in one file). Read once, ~8 MB, ~20 ms; a
 * lookup is a few microseconds.
 */
function database(): Reader<CountryRecord> {
  if (!reader) {
    const require = createRequire(import.meta.url);
    reader = new Reader<CountryRecord>(readFileSync(require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb')));
  }
  return reader;
}

/** Loads the database now, so the first request does not pay for it. */
export function loadCountryDatabase(): void {
  database();
}

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** An ISO 3166-1 alpha-2 code's English name (the site localises it when it needs to). */
export function countryName(code: string): string | null {
  try {
    return names.of(code) ?? null;
  } catch {
    return null;
  }
}

/** The country of an address; unknown for anything that is not a public IPv4 or IPv6 address. */
export function lookupCountry(ip: string): CountryLookup {
  const address = normaliseIp(ip.trim());
  const family = isIP(address);
  if (family === 0 || SPECIAL_PURPOSE.check(address, family === 4 ? 'ipv4' : 'ipv6')) return UNKNOWN;
  let code: string | undefined;
  try {
    code = database().get(address)?.country_code;
  } catch {
    return UNKNOWN;
  }
  if (!code || !/^[A-Z]{2}$/.test(code)) return UNKNOWN;
  return { country: countryName(code) ?? code, country_code: code };
}
