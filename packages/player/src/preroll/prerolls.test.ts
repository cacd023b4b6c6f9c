import type { Preroll } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { categoryLineage, pickPreroll, prerollSeenKey } from './prerolls.ts';

const base: Preroll = { id: 1, url: '/media/prerolls/a.m3u8', weight: 1, location_id: null, event_categories: [], for_vod: true, for_live: true };
/** An event at place 4 in sport 7. */
const event = { location_id: 4, categories: [7] };
/** An on-demand item: no place, no sport. */
const item = { location_id: null, categories: [] };
const never = () => false;

describe('pickPreroll before an event (spec §4)', () => {
  it("keeps only prerolls for the event's kind, location and categories", () => {
    const prerolls: Preroll[] = [
      { ...base, id: 1, for_live: false },
      { ...base, id: 2, location_id: 5 },
      { ...base, id: 3, event_categories: [8] },
      { ...base, id: 4, location_id: 4, event_categories: [7, 8] },
    ];
    expect(pickPreroll(prerolls, event, true, never)?.id).toBe(4);
    expect(pickPreroll(prerolls, event, false, never, () => 0)?.id).toBe(1);
  });

  it('picks by weight', () => {
    const prerolls: Preroll[] = [
      { ...base, id: 1, weight: 1 },
      { ...base, id: 2, weight: 3 },
    ];
    expect(pickPreroll(prerolls, event, true, never, () => 0.2)?.id).toBe(1);
    expect(pickPreroll(prerolls, event, true, never, () => 0.3)?.id).toBe(2);
    expect(pickPreroll(prerolls, event, true, never, () => 0.99)?.id).toBe(2);
  });

  it('never picks a preroll of weight 0 or one this viewer has seen for this event', () => {
    const prerolls: Preroll[] = [
      { ...base, id: 1, weight: 0 },
      { ...base, id: 2 },
    ];
    expect(pickPreroll(prerolls, event, true, (id) => id === 2)).toBeNull();
    expect(pickPreroll([], event, true, never)).toBeNull();
  });

  it('lets a preroll for a sport cover its sub-sports', () => {
    const lineage = categoryLineage([{ id: 1, children: [{ id: 7, children: [] }] }]);
    expect(lineage.get(7)).toEqual([7, 1]);
    const forBasketball: Preroll = { ...base, event_categories: [1] };
    expect(pickPreroll([forBasketball], { location_id: 4, categories: lineage.get(7)! }, true, never)?.id).toBe(1);
    expect(pickPreroll([forBasketball], { location_id: 4, categories: [8] }, true, never)).toBeNull();
  });
});

describe('pickPreroll before an on-demand item', () => {
  const preroll = (overrides: Partial<Preroll> & { id: number }): Preroll => ({ ...base, url: `/media/prerolls/${overrides.id}.m3u8`, for_live: false, ...overrides });
  const live = preroll({ id: 1, for_vod: false, for_live: true, weight: 10 });
  const games = preroll({ id: 2, event_categories: [100], weight: 10 });
  const place = preroll({ id: 3, location_id: 4, weight: 10 });
  const none = preroll({ id: 4, weight: 0 });
  const vodA = preroll({ id: 5, weight: 1 });
  const vodB = preroll({ id: 6, weight: 3 });

  it('picks only prerolls for on-demand videos that target no sport and no place, by weight', () => {
    const all = [live, games, place, none, vodA, vodB];
    expect(pickPreroll(all, item, false, never, () => 0)).toBe(vodA);
    expect(pickPreroll(all, item, false, never, () => 0.24)).toBe(vodA);
    expect(pickPreroll(all, item, false, never, () => 0.26)).toBe(vodB);
    expect(pickPreroll(all, item, false, never, () => 0.999)).toBe(vodB);
  });

  it('skips what the viewer has seen, and is null when nothing is left', () => {
    expect(pickPreroll([vodA, vodB], item, false, (id) => id === 6)).toBe(vodA);
    expect(pickPreroll([vodA], item, false, () => true)).toBeNull();
    expect(pickPreroll([live, games, place], item, false, never)).toBeNull();
  });
});

describe('prerollSeenKey', () => {
  it('keeps the entries viewers already have: an event by its id, an item under vod:', () => {
    expect(prerollSeenKey('9', 2)).toBe('preroll:9:2');
    expect(prerollSeenKey('vod:12', 3)).toBe('preroll:vod:12:3');
  });
});
