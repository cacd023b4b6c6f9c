import type { Clip, ClipOptions, EventDetail } from '@grandstand/contract';
import { testPicture } from '@grandstand/test-kit/fixtures';

/** 2026-11-24 18:00 UTC: when the game began. */
export const KICK_OFF = Date.parse('2026-11-24T18:00:00Z') / 1000;

export function gameEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    id: 7,
    name: 'Eagles @ Lions',
    type: 'other',
    access_type: 'free',
    participants: [],
    event_utc_ts: KICK_OFF,
    end_utc_ts: KICK_OFF + 7200,
    time_zone: 'America/Chicago',
    event_category_id: 100,
    location_id: null,
    base_price: 0,
    service_fee: 0,
    has_access: true,
    stream_status: 'finished',
    image: null,
    picture: testPicture({ src: '/media/pictures/events/7/card-0123456789.svg' }),
    description: null,
    category: null,
    location: null,
    access: { allowed: true, geo_blocked: false, options: [] },
    stream: { url: '/media/s/t/events/7/index.m3u8', kind: 'hls', live: false, expires_in: 120 },
    ...overrides,
  };
}

export function clipOptions(overrides: Partial<ClipOptions> = {}): ClipOptions {
  return {
    tags: [
      { id: 'goal', name: 'Goal' },
      { id: 'save', name: 'Save' },
    ],
    min_duration: 1,
    max_duration: 120,
    live_seconds: 30,
    can_clip: true,
    can_download_clip: true,
    can_download_event: false,
    reason: null,
    clips_left: 4,
    downloads_left: 10,
    ...overrides,
  };
}

export function clip(overrides: Partial<Clip> = {}): Clip {
  return {
    id: 51,
    uuid: '4f7c2a2e-8d1b-4c51-9a55-0c2f3e1d9b60',
    event_id: 7,
    name: 'Top corner',
    start_time: 90,
    duration: 30,
    tags: ['goal'],
    status: 'queued',
    failure_reason: null,
    live: false,
    created_at: '2026-11-24T20:00:00.000Z',
    ready_at: null,
    stream_url: null,
    stream_expires_in: null,
    poster: null,
    event: gameEvent(),
    ...overrides,
  };
}
