import { ApiError } from '@grandstand/api-client';
import { describe, expect, it } from 'vitest';
import { serializeApiError } from './clientBaseQuery.ts';

describe('serializeApiError', () => {
  it('keeps the status, kind, message and field of an ApiError as plain data', () => {
    const error = new ApiError({ message: 'Wrong promo code', kind: 'http', status: 422, url: '/api/apply_coupon', field: 'code', body: {} });
    expect(serializeApiError(error)).toEqual({ status: 422, kind: 'http', message: 'Wrong promo code', field: 'code' });
  });

  it('keeps the machine code of a refusal, where the answer has one', () => {
    const error = new ApiError({ message: 'Please confirm your email address before making clips.', kind: 'http', status: 403, url: '/api/clip', field: 'email', body: { code: 'clip_email_unverified' } });
    expect(serializeApiError(error)).toEqual({ status: 403, kind: 'http', message: 'Please confirm your email address before making clips.', field: 'email', code: 'clip_email_unverified' });
    expect(serializeApiError(new ApiError({ message: 'x', kind: 'http', status: 403, url: '/api/clip', body: { code: 42 } }))).not.toHaveProperty('code');
  });

  it('keeps a throttled call’s wait, so the viewer is told when to try again (spec §8)', () => {
    const error = new ApiError({ message: 'Too many attempts.', kind: 'throttled', status: 429, url: '/api/v2/auth/login', retryAfterSeconds: 42 });
    expect(serializeApiError(error)).toEqual({ status: 429, kind: 'throttled', message: 'Too many attempts.', retryAfterSeconds: 42 });
  });

  it('leaves out an absent field', () => {
    const error = new ApiError({ message: 'Bad gateway', kind: 'http', status: 502, url: '/api/events' });
    expect(serializeApiError(error)).toStrictEqual({ status: 502, kind: 'http', message: 'Bad gateway' });
  });

  it('describes anything else thrown as a network failure', () => {
    expect(serializeApiError(new TypeError('fetch failed'))).toEqual({ status: null, kind: 'network', message: 'fetch failed' });
  });
});
