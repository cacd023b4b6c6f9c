import { describe, expect, it } from 'vitest';
import { AccessType, FavoritableType, Gender, GenderLabel, MediaTypeId, MenuPlacement, OrderStatus, StreamStatus } from './enums.ts';
import { capabilityFlags } from './user.ts';

describe('spec §3 enumerations', () => {
  it('holds the exact values the spec lists', () => {
    expect(OrderStatus.options).toEqual(['created', 'failed', 'paid', 'refunded']);
    expect(StreamStatus.options).toEqual(['finished', 'live', 'upcoming']);
    expect(AccessType.options).toEqual(['free', 'paid', 'register', 'ppv']);
    expect(MenuPlacement.options).toEqual(['header', 'footer', 'both']);
    expect(FavoritableType.options).toEqual(['participant', 'group', 'category']);
    expect(MediaTypeId).toMatchObject({ image: 1, live: 2, vod: 3, embedded: 4, thumbnails: 5, preview: 6, preview_alt: 7, embedded_preview: 8 });
  });

  it('shows M as Men and W as Women', () => {
    expect(Gender.parse('M')).toBe('M');
    expect(GenderLabel.M).toBe('Men');
    expect(GenderLabel.W).toBe('Women');
    expect(Gender.safeParse('X').success).toBe(false);
  });
});

describe('capabilityFlags', () => {
  it('lowercases capabilities into flags (spec §3)', () => {
    expect(capabilityFlags(['WATCH', 'Clipping', 'no_ads', 'unknown'])).toEqual({
      watch: true,
      download: false,
      clipping: true,
      download_clip: false,
      no_ads: true,
      vod_media: false,
    });
  });
});
