import type { Preroll } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { prerollsFor } from './prerollsFor.ts';

const settings = { preroll_time: 3600 };
const promo: Preroll = { id: 1, url: '/media/prerolls/promo.m3u8', weight: 1, location_id: null, event_categories: [], for_vod: true, for_live: true };
const stream = { url: '/media/s/t/events/1/index.m3u8', kind: 'hls' as const, live: false, expires_in: 120, prerolls: [promo] };

describe('prerollsFor', () => {
  it('plays the prerolls the server handed out with the stream, unless the event has them off', () => {
    expect(prerollsFor({ stream, prerolls: true }, settings)).toEqual({ prerolls: [promo], preroll_time: 3600 });
    // Events from before the control room say nothing: they keep their prerolls.
    expect(prerollsFor({ stream }, settings)).toEqual({ prerolls: [promo], preroll_time: 3600 });
    expect(prerollsFor({ stream, prerolls: false }, settings)).toBeNull();
  });

  it('plays none the server did not hand out: a viewer holding no_ads gets an empty list', () => {
    expect(prerollsFor({ stream: { ...stream, prerolls: [] }, prerolls: true }, settings)).toEqual({ prerolls: [], preroll_time: 3600 });
    expect(prerollsFor({ stream: { url: stream.url, kind: 'hls', live: false, expires_in: 120 }, prerolls: true }, settings)).toEqual({ prerolls: [], preroll_time: 3600 });
  });

  it('plays none without a stream or before the settings have come', () => {
    expect(prerollsFor({ stream: null, prerolls: true }, settings)).toBeNull();
    expect(prerollsFor({ stream, prerolls: true }, undefined)).toBeNull();
  });
});
