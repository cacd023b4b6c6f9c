import type { Preroll } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { categoryLineage, pickPreroll } from './prerolls.ts';

const base: Preroll = { id: 1, url: '/media/prerolls/a.m3u8', weight: 1, location_id: null, event_categories: [], for_vod: true, for_live: true };
const event = { id: 9, location_id: 4, event_category_id: 7 };
const never = () => false;

describe('pickPreroll (spec §4)', () => {
  it('keeps only prerolls for the event\'s kind, location and categories', () => {
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
    const lineage = categoryLineage([
      { id: 1, name: 'Basketball', alias: 'basketball', parent_id: null, children: [{ id: 7, name: 'Boys Basketball', alias: null, parent_id: 1, children: [] }] },
    ]);
    expect(lineage.get(7)).toEqual([7, 1]);
    const forBasketball: Preroll = { ...base, event_categories: [1] };
    expect(pickPreroll([forBasketball], event, true, never, Math.random, lineage)?.id).toBe(1);
    expect(pickPreroll([forBasketball], { ...event, event_category_id: 8 }, true, never, Math.random, lineage)).toBeNull();
  });
});
