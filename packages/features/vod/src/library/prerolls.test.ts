import type { Preroll } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { pickVodPreroll, vodPrerollSeenKey } from './prerolls.ts';

const preroll = (overrides: Partial<Preroll> & { id: number }): Preroll => ({
  url: `/media/prerolls/${overrides.id}.m3u8`,
  weight: 1,
  location_id: null,
  event_categories: [],
  for_vod: true,
  for_live: false,
  ...overrides,
});

describe('pickVodPreroll', () => {
  const live = preroll({ id: 1, for_vod: false, for_live: true, weight: 10 });
  const games = preroll({ id: 2, event_categories: [100], weight: 10 });
  const place = preroll({ id: 3, location_id: 4, weight: 10 });
  const none = preroll({ id: 4, weight: 0 });
  const vodA = preroll({ id: 5, weight: 1 });
  const vodB = preroll({ id: 6, weight: 3 });

  it('picks only prerolls for on-demand videos that target no sport and no place, by weight', () => {
    const all = [live, games, place, none, vodA, vodB];
    expect(pickVodPreroll(all, () => false, () => 0)).toBe(vodA);
    expect(pickVodPreroll(all, () => false, () => 0.24)).toBe(vodA);
    expect(pickVodPreroll(all, () => false, () => 0.26)).toBe(vodB);
    expect(pickVodPreroll(all, () => false, () => 0.999)).toBe(vodB);
  });

  it('passes over a preroll this viewer has seen for this item within the preroll time', () => {
    expect(pickVodPreroll([vodA, vodB], (id) => id === 6, () => 0.9)).toBe(vodA);
    expect(pickVodPreroll([vodA, vodB], () => true)).toBeNull();
    expect(pickVodPreroll([live, games, place, none], () => false)).toBeNull();
  });

  it('keeps what was seen per item, apart from the events’ prerolls', () => {
    expect(vodPrerollSeenKey(7, 5)).toBe('preroll:vod:7:5');
  });
});
