import { describe, expect, it } from 'vitest';
import { MIN_STREAM_RENEWAL_MS, streamRenewal } from './streamRenewal.ts';

describe('streamRenewal', () => {
  it('asks again at half the address\'s lifetime, in a hidden tab too', () => {
    expect(streamRenewal({ expires_in: 120 })).toEqual({ pollingInterval: 60_000, skip: false, skipPollingIfUnfocused: false });
  });

  it('never asks more often than once a second', () => {
    expect(streamRenewal({ expires_in: 1 }).pollingInterval).toBe(MIN_STREAM_RENEWAL_MS);
  });

  it('asks nothing while there is no stream', () => {
    expect(streamRenewal(null)).toMatchObject({ skip: true, pollingInterval: 0 });
    expect(streamRenewal(undefined)).toMatchObject({ skip: true, pollingInterval: 0 });
  });
});
