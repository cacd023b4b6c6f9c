import type { Clip, ClipOptions, EventDetail, SharedClip } from '@grandstand/contract';
import { testPicture, testUser } from '@grandstand/test-kit/fixtures';

/** The demo viewer, who may clip and download clips (the channel's grant). */
export const viewer = testUser({ capabilities: ['watch', 'clipping', 'download_clip'] });

/** 2026-03-02 18:00 UTC. */
const EVENING = 1_772_474_400;

/** An on-demand game between two teams: titled "Riverside Lions @ Northfield Eagles". */
export const game: EventDetail = {
  id: 42,
  name: 'Hockey night',
  type: 'other',
  access_type: 'free',
  participants: [
    { id: 11, name: 'Northfield Eagles', short_name: null, color: '#c8102e', side: 'home' },
    { id: 21, name: 'Riverside Lions', short_name: null, color: '#002d72', side: 'away' },
  ],
  event_utc_ts: EVENING,
  end_utc_ts: EVENING + 7200,
  time_zone: 'America/Chicago',
  event_category_id: 100,
  location_id: null,
  base_price: 0,
  service_fee: 0,
  has_access: true,
  stream_status: 'finished',
  image: null,
  picture: testPicture({ kind: 'poster', src: '/media/pictures/events/42/poster.jpg', srcset: '/media/pictures/events/42/poster.jpg 1280w' }),
  description: null,
  category: { id: 100, name: 'Hockey', alias: 'hockey' },
  location: null,
  access: { allowed: true, geo_blocked: false, options: [] },
  stream: { url: '/media/events/42/index.m3u8', kind: 'hls', live: false, expires_in: 120 },
};

const { description: _d, category: _c, location: _l, access: _a, stream: _s, ...gameEvent } = game;
/** The game as a clip carries it (an Event, without the detail). */
export const clipEvent = gameEvent;

let next = 0;
/** A ready clip of the game; a test overrides what it is about. */
export function clip(overrides: Partial<Clip> = {}): Clip {
  next += 1;
  const id = overrides.id ?? 100 + next;
  const uuid = overrides.uuid ?? `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;
  const ready = (overrides.status ?? 'ready') === 'ready';
  return {
    id,
    uuid,
    event_id: game.id,
    name: `Clip ${id}`,
    start_time: 600,
    duration: 30,
    tags: ['goal'],
    status: 'ready',
    failure_reason: null,
    live: false,
    created_at: '2026-03-02T19:00:00.000Z',
    ready_at: ready ? '2026-03-02T19:00:03.000Z' : null,
    stream_url: ready ? `/media/clips/northfield/${uuid}/index.m3u8` : null,
    stream_expires_in: null,
    poster: ready
      ? testPicture({ kind: 'poster', src: `/media/clips/northfield/${uuid}/poster.jpg`, srcset: `/media/clips/northfield/${uuid}/poster.jpg 1280w`, width: 1280, height: 720 })
      : null,
    event: clipEvent,
    ...overrides,
  };
}

/** A ready clip as GET /shared-clip/{uuid} answers it. */
export function sharedClip(overrides: Partial<Clip> = {}): SharedClip {
  const { failure_reason: _reason, ...rest } = clip(overrides);
  return { ...rest, status: 'ready', stream_url: rest.stream_url ?? '', poster: rest.poster ?? testPicture({ kind: 'poster' }) };
}

export const goal = clip({ id: 1, name: 'Top-corner goal', tags: ['goal'], duration: 24 });
export const save = clip({ id: 2, name: 'Glove save', tags: ['save', 'highlight'], duration: 12, live: true });
export const queued = clip({ id: 3, name: 'Power play', status: 'queued' });
export const processing = clip({ id: 4, name: 'Overtime winner', status: 'processing' });
export const failed = clip({
  id: 5,
  name: 'Penalty shot',
  status: 'failed',
  failure_reason: 'The recording was not available for that moment. Pick another moment and try again.',
});

export function clipsResponse(clips: Clip[], total = clips.length, offset = 0, limit = 12) {
  return { data: clips, meta: { total, offset, limit } };
}

/** What GET /clips/options answers the viewer. */
export function clipOptions(overrides: Partial<ClipOptions> = {}): ClipOptions {
  return {
    tags: [
      { id: 'goal', name: 'Goal' },
      { id: 'save', name: 'Save' },
      { id: 'highlight', name: 'Highlight' },
    ],
    min_duration: 1,
    max_duration: 120,
    live_seconds: 30,
    can_clip: true,
    can_download_clip: true,
    can_download_event: false,
    reason: null,
    clips_left: 45,
    downloads_left: 19,
    ...overrides,
  };
}
