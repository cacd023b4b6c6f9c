import { describe, expect, it } from 'vitest';
import { joinUrl, matchesCrashCode, stableStringify, withQuery } from './url.ts';

describe('joinUrl', () => {
  it('joins a base and a path whatever slashes they carry', () => {
    expect(joinUrl('/api', '/settings')).toBe('/api/settings');
    expect(joinUrl('http://localhost:8080/api/', 'settings')).toBe('http://localhost:8080/api/settings');
  });
});

describe('withQuery', () => {
  it('appends defined parameters and skips undefined ones', () => {
    expect(withQuery('/api/participants', { no_limit: 1, on: true, skip: undefined })).toBe('/api/participants?no_limit=1&on=true');
    expect(withQuery('/api/x?a=1', { b: 'c d' })).toBe('/api/x?a=1&b=c+d');
    expect(withQuery('/api/x', {})).toBe('/api/x');
  });
});

describe('stableStringify', () => {
  it('names objects with the same entries the same whatever their order', () => {
    expect(stableStringify({ b: 1, a: { d: 2, c: 3 } })).toBe(stableStringify({ a: { c: 3, d: 2 }, b: 1 }));
  });
});

describe('matchesCrashCode (spec §8 crash codes)', () => {
  it('matches a class pattern and an exact code', () => {
    expect(matchesCrashCode(503, ['5xx'])).toBe(true);
    expect(matchesCrashCode(404, ['5xx', '4xx'])).toBe(true);
    expect(matchesCrashCode(404, ['404'])).toBe(true);
    expect(matchesCrashCode(403, ['404'])).toBe(false);
    expect(matchesCrashCode(302, ['5xx', '4xx'])).toBe(false);
    expect(matchesCrashCode(null, ['5xx'])).toBe(false);
    expect(matchesCrashCode(500, undefined)).toBe(false);
  });
});
