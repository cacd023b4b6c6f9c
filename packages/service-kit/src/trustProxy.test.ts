import { describe, expect, it } from 'vitest';
import { isTrustedProxyEntry, parseTrustedProxies } from './trustProxy.ts';

describe('isTrustedProxyEntry', () => {
  it.each(['127.0.0.1', '10.0.0.0/8', '192.168.1.0/24', '0.0.0.0/0', '::1', 'fd00::/8', '2001:db8::/128', 'loopback', 'linklocal', 'uniquelocal'])('accepts %s', (entry) => {
    expect(isTrustedProxyEntry(entry)).toBe(true);
  });

  it.each(['localhost', 'proxy.example', '10.0.0.0/33', '::1/129', '10.0.0.0/8/8', '10.0.0.0/', '10.0.0.0/x', '10.0.0.0/0008', '300.1.1.1', 'LOOPBACK', ''])('refuses %j', (entry) => {
    expect(isTrustedProxyEntry(entry)).toBe(false);
  });
});

describe('parseTrustedProxies', () => {
  it('trusts no proxy when unset or blank', () => {
    expect(parseTrustedProxies(undefined)).toEqual({ proxies: false, bad: [] });
    expect(parseTrustedProxies(' , ,')).toEqual({ proxies: false, bad: [] });
  });

  it('lists the entries, trimmed, and the ones that are not addresses', () => {
    expect(parseTrustedProxies(' 10.0.0.0/8, ::1 ,loopback')).toEqual({ proxies: ['10.0.0.0/8', '::1', 'loopback'], bad: [] });
    expect(parseTrustedProxies('10.0.0.0/8,proxy.example,1.2.3.4/40')).toEqual({ proxies: ['10.0.0.0/8', 'proxy.example', '1.2.3.4/40'], bad: ['proxy.example', '1.2.3.4/40'] });
  });
});
