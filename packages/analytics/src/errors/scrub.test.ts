import { describe, expect, it } from 'vitest';
import { isSecretName, scrubData, scrubReport, scrubUrl } from './scrub.ts';

const API_KEY = 'ak_live_5f1c9e0b7d2a';
const CHANNEL_KEY = 'nf_pub_8e1d3c5b7a9f';
const PASSWORD = 'correct horse battery';

describe('scrubbing a request error report (spec §7): an attacker reading the reports finds no credential', () => {
  it('removes the api key and channel key from the body, the query and nested objects and arrays', () => {
    const report = scrubReport({
      date: '2026-03-01T12:00:00.000Z',
      status: 500,
      message: 'Server error',
      url: `/api/events?api_key=${API_KEY}&limit=10&channel_key=${CHANNEL_KEY}#api_key=${API_KEY}`,
      requestData: {
        method: 'POST',
        params: { api_key: API_KEY, limit: 10 },
        body: {
          api_key: API_KEY,
          channel_key: CHANNEL_KEY,
          nested: { deeper: [{ apiKey: API_KEY, channelKey: CHANNEL_KEY, keep: 'kept' }] },
          note: `retry with ?api_key=${API_KEY}&x=1`,
        },
      },
    });
    const text = JSON.stringify(report);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(CHANNEL_KEY);
    expect(report.url).toBe('/api/events?api_key=%5Bremoved%5D&limit=10&channel_key=%5Bremoved%5D');
    expect(report.requestData).toMatchObject({ method: 'POST', params: { limit: 10 }, body: { nested: { deeper: [{ keep: 'kept' }] } } });
  });

  it('removes every password field: password, password_confirmation, current_password, at any depth', () => {
    const report = scrubReport({
      date: '2026-03-01T12:00:00.000Z',
      status: 422,
      message: 'PASSWORDS DON’T MATCH',
      url: `https://watch.northfield.example/api/profile?password=${encodeURIComponent(PASSWORD)}`,
      requestData: {
        method: 'POST',
        body: {
          email: 'fan@example.com',
          password: PASSWORD,
          password_confirmation: PASSWORD,
          current_password: PASSWORD,
          profile: { newPassword: PASSWORD, passwords: [PASSWORD] },
        },
      },
    });
    expect(JSON.stringify(report)).not.toContain('correct horse');
    expect(JSON.stringify(report)).not.toContain('correct+horse');
    expect(report.requestData).toMatchObject({ body: { email: 'fan@example.com', password: '[removed]', password_confirmation: '[removed]', current_password: '[removed]' } });
  });

  it('removes tokens, signatures, secrets, the social login state and device codes', () => {
    expect(scrubUrl('/api/auth/email-verify?expires=1&signature=abc123&id=4')).toBe('/api/auth/email-verify?expires=1&signature=%5Bremoved%5D&id=4');
    expect(scrubData({ token: 't', refresh_token: 'r', client_secret: 's', state: 'st', code: '123456', Authorization: 'Bearer x' })).toEqual({
      token: '[removed]',
      refresh_token: '[removed]',
      client_secret: '[removed]',
      state: '[removed]',
      code: '[removed]',
      Authorization: '[removed]',
    });
    expect(['event_id', 'limit', 'email', 'promo', 'name'].filter(isSecretName)).toEqual([]);
  });

  it('does not walk a body without end, and keeps numbers, booleans and null', () => {
    type Deep = { next?: Deep; api_key?: string; n: number };
    const deep: Deep = { n: 0 };
    let cursor = deep;
    for (let i = 1; i < 50; i += 1) cursor = cursor.next = { n: i, api_key: API_KEY };
    expect(JSON.stringify(scrubData(deep))).not.toContain(API_KEY);
    expect(scrubData({ a: 1, b: true, c: null })).toEqual({ a: 1, b: true, c: null });
  });

  it('removes a key written into the message', () => {
    const report = scrubReport({ date: 'd', status: null, message: `fetch failed for /api/x?api_key=${API_KEY}`, url: '/api/x', requestData: null });
    expect(report.message).toBe('fetch failed for /api/x?api_key=[removed]');
  });
});
