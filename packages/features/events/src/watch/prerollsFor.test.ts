import { describe, expect, it } from 'vitest';
import { prerollsFor } from './prerollsFor.ts';

const settings = { prerolls: [{ id: 1 }], preroll_time: 3600 };
const stream = { url: '/media/s/t/events/1/index.m3u8', kind: 'hls' as const, live: false, expires_in: 120 };

describe('prerollsFor', () => {
  it("plays the channel's prerolls before a stream, unless the event has them off", () => {
    expect(prerollsFor({ stream, prerolls: true }, settings)).toBe(settings);
    // Events from before the control room say nothing: they keep their prerolls.
    expect(prerollsFor({ stream }, settings)).toBe(settings);
    expect(prerollsFor({ stream, prerolls: false }, settings)).toBeNull();
  });

  it('plays none without a stream or before the settings have come', () => {
    expect(prerollsFor({ stream: null, prerolls: true }, settings)).toBeNull();
    expect(prerollsFor({ stream, prerolls: true }, undefined)).toBeNull();
  });
});
