import { describe, expect, it } from 'vitest';
import { trustProxyFromEnv } from './trustProxy.ts';

describe('trustProxyFromEnv', () => {
  it('trusts no proxy when unset or empty', () => {
    expect(trustProxyFromEnv(undefined)).toBe(false);
    expect(trustProxyFromEnv('')).toBe(false);
    expect(trustProxyFromEnv(' , ')).toBe(false);
  });

  it('reads a comma list of addresses, CIDRs and range names', () => {
    expect(trustProxyFromEnv('10.0.0.0/8, 127.0.0.1,::1,2001:db8::/32,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', '2001:db8::/32', 'loopback']);
  });

  it('refuses anything else, naming the bad entries', () => {
    expect(() => trustProxyFromEnv('1')).toThrow(/TRUST_PROXY: not an address or CIDR: 1/);
    expect(() => trustProxyFromEnv('true')).toThrow(/true/);
    expect(() => trustProxyFromEnv('10.0.0.0/33,proxy.example')).toThrow(/10\.0\.0\.0\/33, proxy\.example/);
    expect(() => trustProxyFromEnv('10.0.0.0/8/1')).toThrow(/10\.0\.0\.0\/8\/1/);
  });
});
