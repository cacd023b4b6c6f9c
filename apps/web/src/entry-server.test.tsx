// @vitest-environment node
import { createMemoryStorage } from '@grandstand/api-client';
import { createFakeChannelApi } from '@grandstand/api-client/testing';
import type { FakeHandler } from '@grandstand/api-client/testing';
import type { SharedClip } from '@grandstand/contract';
import { testPicture, testSettings } from '@grandstand/test-kit/fixtures';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';
import channel from './test/channel.ts';

const UUID = '3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b';

const clip: SharedClip = {
  id: 9,
  uuid: UUID,
  event_id: 42,
  name: 'Buzzer beater',
  start_time: 600,
  duration: 42,
  tags: ['goal'],
  status: 'ready',
  live: false,
  created_at: '2026-03-02T19:00:00.000Z',
  ready_at: '2026-03-02T19:00:03.000Z',
  stream_url: `/media/clips/testchannel/${UUID}/index.m3u8`,
  stream_expires_in: null,
  poster: testPicture({
    kind: 'poster',
    src: `/media/clips/testchannel/${UUID}/poster.jpg`,
    srcset: `/media/clips/testchannel/${UUID}/poster-640.jpg 640w, /media/clips/testchannel/${UUID}/poster.jpg 1280w`,
    sources: [{ type: 'image/webp', srcset: `/media/clips/testchannel/${UUID}/poster.webp 1280w` }],
    width: 1280,
    height: 720,
  }),
  event: {
    id: 42,
    name: 'Hockey night',
    type: 'other',
    access_type: 'free',
    participants: [
      { id: 11, name: 'Northfield Eagles', short_name: null, color: null, side: 'home' },
      { id: 21, name: 'Riverside Lions', short_name: null, color: null, side: 'away' },
    ],
    event_utc_ts: 1_772_474_400,
    end_utc_ts: 1_772_481_600,
    time_zone: 'America/Chicago',
    event_category_id: null,
    location_id: null,
    base_price: 0,
    service_fee: 0,
    has_access: true,
    stream_status: 'finished',
    image: null,
    picture: testPicture(),
  },
};

function api(overrides: Record<string, FakeHandler> = {}) {
  return createFakeChannelApi({
    channelKeyUrl: '/channel-key.json',
    routes: {
      'GET /menu': () => ({ json: { data: [] } }),
      'GET /pages': () => ({ json: { data: [] } }),
      'GET /color-settings/web': () => ({ json: { data: channel.fallbackColors } }),
      'GET /settings': () => ({ json: { data: testSettings({ name: channel.name }) } }),
      'GET /geo': () => ({ json: { data: { country: null, country_code: null, ip: '127.0.0.1', is_geo_blocked: false } } }),
      'GET /participant-groups': () => ({ json: { data: [] } }),
      'GET /participants': () => ({ json: { data: [] } }),
      'GET /events-categories': () => ({ json: { data: [] } }),
      'GET /clips/options': () => ({
        json: {
          data: {
            tags: [{ id: 'goal', name: 'Goal' }],
            min_duration: 1,
            max_duration: 120,
            live_seconds: 30,
            can_clip: false,
            can_download_clip: false,
            can_download_event: false,
            reason: 'login',
            clips_left: null,
            downloads_left: null,
          },
        },
      }),
      ...overrides,
    },
  });
}

describe('the server render of a shared clip (spec §2 /share/{id}/{uuid})', () => {
  it('is in the HTML with a video card: the clip, its poster and its embeddable player', async () => {
    const fake = api({ [`GET /shared-clip/${UUID}`]: () => ({ json: { data: clip } }) });
    const page = await render({ url: `/share/42/${UUID}`, fetch: fake.fetch, storage: createMemoryStorage(), channel });
    expect(page).not.toBeNull();
    expect(page!.html).toContain('<h1>Buzzer beater</h1>');
    expect(page!.html).toContain('Riverside Lions @ Northfield Eagles');
    expect(page!.html).toContain('href="/watch/42"');
    expect(page!.html).toContain('<video');
    // The content security policy allows no style attribute in server markup.
    expect(page!.html).not.toMatch(/ style="/);
    expect(page!.share).toEqual({
      title: 'Buzzer beater',
      description: 'A clip of Riverside Lions @ Northfield Eagles',
      // The largest JPEG: every preview service draws it (not WebP everywhere).
      image: `/media/clips/testchannel/${UUID}/poster.jpg`,
      type: 'video.other',
      player: { url: `/share_embed/42/${UUID}`, width: 1280, height: 720 },
    });
    expect(page!.title).toBe(`Buzzer beater | ${channel.name}`);
  });

  it('leaves an unknown or unfinished clip, or a link of another game, to the browser (which shows the 404 page)', async () => {
    const missing = api({ [`GET /shared-clip/${UUID}`]: () => ({ status: 404, json: { message: 'Clip not found', field: 'id' } }) });
    expect(await render({ url: `/share/42/${UUID}`, fetch: missing.fetch, storage: createMemoryStorage(), channel })).toBeNull();
    const found = api({ [`GET /shared-clip/${UUID}`]: () => ({ json: { data: clip } }) });
    expect(await render({ url: `/share/41/${UUID}`, fetch: found.fetch, storage: createMemoryStorage(), channel })).toBeNull();
  });

  it('renders the clip\'s embed alone, the page a player card frames', async () => {
    const fake = api({ [`GET /shared-clip/${UUID}`]: () => ({ json: { data: clip } }) });
    const page = await render({ url: `/share_embed/42/${UUID}`, fetch: fake.fetch, storage: createMemoryStorage(), channel });
    expect(page!.html).toContain('<video');
    expect(page!.html).not.toContain('<h1>');
    expect(page!.html).not.toContain('<footer');
  });
});
