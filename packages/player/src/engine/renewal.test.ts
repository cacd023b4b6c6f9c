import { describe, expect, it } from 'vitest';
import { createAddressRenewal, differingSegment } from './renewal.ts';

const BASE = 'https://watch.example/watch/7';

describe('differingSegment', () => {
  it('finds the one path segment two addresses of a stream differ in', () => {
    expect(differingSegment('https://x/media/s/AAA.b/events/7/index.m3u8', 'https://x/media/s/CC.dd/events/7/index.m3u8')).toEqual({
      from: 'https://x/media/s/AAA.b',
      to: 'https://x/media/s/CC.dd',
    });
  });

  it('refuses addresses that differ in more than one segment, or in the last', () => {
    expect(differingSegment('https://x/media/s/A/events/7/index.m3u8', 'https://x/media/s/B/vod/7/index.m3u8')).toBeNull();
    expect(differingSegment('https://x/media/s/A/events/7/index.m3u8', 'https://x/media/s/A/events/7/other.m3u8')).toBeNull();
    expect(differingSegment('https://x/a/index.m3u8', 'https://y/a/index.m3u8')).toBeNull();
  });
});

describe('createAddressRenewal', () => {
  it('leaves every address alone until a renewal', () => {
    const renewal = createAddressRenewal('/media/s/A/events/7/index.m3u8', BASE);
    expect(renewal.current('https://watch.example/media/s/A/events/7/seg-001.m4s')).toBe('https://watch.example/media/s/A/events/7/seg-001.m4s');
  });

  it('maps addresses under any earlier token to the newest, and nothing else', () => {
    const renewal = createAddressRenewal('/media/s/A/events/7/index.m3u8', BASE);
    expect(renewal.renew('/media/s/B/events/7/index.m3u8')).toBe(true);
    expect(renewal.renew('/media/s/C/events/7/index.m3u8')).toBe(true);
    expect(renewal.current('https://watch.example/media/s/A/events/7/seg-001.m4s')).toBe('https://watch.example/media/s/C/events/7/seg-001.m4s');
    expect(renewal.current('https://watch.example/media/s/B/events/7/480p/index.m3u8')).toBe('https://watch.example/media/s/C/events/7/480p/index.m3u8');
    // A token that merely starts like an earlier one is another address.
    expect(renewal.current('https://watch.example/media/s/AB/events/7/seg-001.m4s')).toBe('https://watch.example/media/s/AB/events/7/seg-001.m4s');
    expect(renewal.current('https://watch.example/media/prerolls/sponsor.m3u8')).toBe('https://watch.example/media/prerolls/sponsor.m3u8');
  });

  it('says another stream is not a renewal, and stops mapping', () => {
    const renewal = createAddressRenewal('/media/s/A/events/7/index.m3u8', BASE);
    renewal.renew('/media/s/B/events/7/index.m3u8');
    expect(renewal.renew('/media/s/C/vod/3/index.m3u8')).toBe(false);
    expect(renewal.current('https://watch.example/media/s/A/events/7/seg-001.m4s')).toBe('https://watch.example/media/s/A/events/7/seg-001.m4s');
  });
});
