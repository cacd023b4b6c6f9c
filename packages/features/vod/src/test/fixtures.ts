import type { Event, SearchTarget, VodMediaCategory, VodMediaItem, VodMediaItemDetail, VodMediaItemsResponse, VodRail, VodSearchResponse, VodSearchResults } from '@grandstand/contract';
import { testCrest, testPicture, testUser } from '@grandstand/test-kit/fixtures';

/** The demo viewer, logged in. */
export const viewer = testUser();

export const documentaries: VodMediaCategory = { id: 1, name: 'Documentaries', alias: 'documentaries' };
export const interviews: VodMediaCategory = { id: 2, name: 'Interviews', alias: 'interviews' };
export const categories = [documentaries, interviews];

/** An on-demand item as a list shows it, with its poster (JPEG and WebP) and preview. */
export function vodItem(overrides: Partial<VodMediaItem> & { id: number }): VodMediaItem {
  const ref = `item-${overrides.id}`;
  return {
    title: `Video ${overrides.id}`,
    date: '2026-06-01',
    description: null,
    category: documentaries,
    duration: 40,
    access: 'free',
    has_access: true,
    assets: [
      { type: 'image', path: `/media/vod/northfield/${ref}/poster.jpg`, mime: 'image/jpeg', width: 1280, height: 720 },
      { type: 'image', path: `/media/vod/northfield/${ref}/poster.webp`, mime: 'image/webp', width: 1280, height: 720 },
      { type: 'preview', path: `/media/vod/northfield/${ref}/preview.mp4`, mime: 'video/mp4', width: 640, height: 360 },
    ],
    ...overrides,
  };
}

export const seasonReview = vodItem({ id: 7, title: 'Season review 2025', date: '2026-06-01', duration: 75, description: 'The whole season in a minute.' });
export const coachesShow = vodItem({ id: 8, title: 'The coaches’ show', date: '2026-05-20', category: interviews, access: 'registered', has_access: false });
export const hockeyFeminin = vodItem({ id: 9, title: 'Women’s hockey: the season', date: '2026-05-10', access: 'vod_media', has_access: false });

/** An item as GET /vod-media-items/{id} answers it: with its stream when the viewer may watch. */
export function vodDetail(item: VodMediaItem, locked: VodMediaItemDetail['locked'] = null): VodMediaItemDetail {
  return {
    ...item,
    has_access: locked === null,
    locked,
    stream: locked === null ? { url: `/media/vod/northfield/item-${item.id}/index.m3u8?expires=1893456000&signature=abc`, kind: 'hls', live: false, expires_in: 120 } : null,
  };
}

export function itemsResponse(items: VodMediaItem[], total = items.length, offset = 0, limit = 24): VodMediaItemsResponse {
  return { data: items, meta: { total, offset, limit } };
}

export const featured: VodRail = { id: 1, title: 'Featured', vod_media_items: [seasonReview, coachesShow, hockeyFeminin] };
export const emptyRail: VodRail = { id: 2, title: 'Coming soon', vod_media_items: [] };

/** A finished game of the channel, as a search finds it. */
export const game: Event = {
  id: 42,
  name: 'Hockey night',
  type: 'other',
  access_type: 'free',
  participants: [
    { id: 11, name: 'Northfield Eagles', short_name: null, color: '#c8102e', side: 'home' },
    { id: 21, name: 'Riverside Lions', short_name: null, color: '#002d72', side: 'away' },
  ],
  event_utc_ts: 1_780_000_000,
  end_utc_ts: 1_780_007_200,
  time_zone: 'America/Chicago',
  event_category_id: 100,
  location_id: null,
  base_price: 0,
  service_fee: 0,
  has_access: true,
  stream_status: 'finished',
  image: null,
  picture: testPicture({ kind: 'poster', src: '/media/pictures/events/42/poster.jpg' }),
};

export const eagles: SearchTarget = { id: 11, name: 'Northfield Eagles', alias: 'northfield-eagles', crest: testCrest(11) };
export const lakeside: SearchTarget = { id: 12, name: 'Lakeside Hockey', alias: null, crest: testCrest(12) };
export const northfieldHigh: SearchTarget = { id: 3, name: 'Northfield High', alias: 'northfield', crest: testCrest(3) };

/** A search's answer: the videos paged (`total` of them), and the other kinds. */
export function searchResponse(results: Partial<VodSearchResults> = {}, total = results.videos?.length ?? 0, offset = 0, limit = 10): VodSearchResponse {
  return { data: { videos: [], events: [], teams: [], schools: [], ...results }, meta: { total, offset, limit } };
}

/** A promise the test settles when it chooses: a call in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
