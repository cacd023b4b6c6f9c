import { describe, expect, it } from 'vitest';
import { countryName, lookupCountry, normaliseIp } from './countryDatabase.ts';

describe('lookupCountry', () => {
  it('finds the country of public IPv4 addresses', () => {
    expect(lookupCountry('8.8.8.8')).toEqual({ country: 'United States', country_code: 'US' });
    expect(lookupCountry('24.48.0.1')).toEqual({ country: 'Canada', country_code: 'CA' });
    expect(lookupCountry('81.2.69.142')).toEqual({ country: 'United Kingdom', country_code: 'GB' });
  });

  it('finds the country of public IPv6 addresses and IPv4-mapped ones', () => {
    expect(lookupCountry('2001:4860:4860::8888').country_code).toBe('US');
    expect(lookupCountry('::ffff:24.48.0.1').country_code).toBe('CA');
  });

  it('answers unknown for loopback, private, link-local, documentation and multicast addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.1.1', '169.254.0.1', '100.64.0.1', '192.0.2.1', '224.0.0.1', '::1', '::', 'fd00::1', 'fe80::1', '2001:db8::1', '::ffff:192.168.1.1']) {
      expect(lookupCountry(ip), ip).toEqual({ country: null, country_code: null });
    }
  });

  it('answers unknown for anything that is not an address', () => {
    for (const input of ['', 'garbage', '8.8.8', '8.8.8.8.8', '999.1.1.1', '1.2.3.4, 5.6.7.8', "'; drop table channels; --", 'x'.repeat(5000)]) {
      expect(lookupCountry(input)).toEqual({ country: null, country_code: null });
    }
  });

  it('looks up in microseconds once loaded', () => {
    lookupCountry('8.8.8.8');
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) lookupCountry(`24.48.${i & 255}.${(i >> 8) & 255}`);
    // A generous bound for a shared machine: well under 100 µs a lookup.
    expect((performance.now() - started) / 10_000).toBeLessThan(0.1);
  });
});

describe('countryName and normaliseIp', () => {
  it('names countries in English and keeps unknown codes out', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('QQ')).toBeNull();
    expect(countryName('not a code')).toBeNull();
  });

  it('unwraps IPv4-mapped IPv6 addresses only', () => {
    expect(normaliseIp('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(normaliseIp('::FFFF:8.8.8.8')).toBe('8.8.8.8');
    expect(normaliseIp('2001:db8::1')).toBe('2001:db8::1');
  });
});
