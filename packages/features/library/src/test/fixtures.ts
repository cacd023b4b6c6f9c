import type { FakeHandler, FakeRequest } from '@grandstand/api-client/testing';
import type { ConsoleOperator, LibraryItem, LibraryPreroll, LibraryPrerollsResponse, LibraryResponse } from '@grandstand/contract';

/** Northfield's producer, signed in. */
export function testOperator(overrides: Partial<ConsoleOperator> = {}): ConsoleOperator {
  return {
    id: 2,
    email: 'producer@northfield.test',
    name: 'Pia Producer',
    role: 'producer',
    channel: { slug: 'northfield', name: 'Northfield Schools Network' },
    totpEnabled: true,
    totpSetupRequired: false,
    channels: [{ slug: 'northfield', name: 'Northfield Schools Network', role: 'producer' }],
    platformOwner: false,
    ...overrides,
  };
}

export function libraryItem(overrides: Partial<LibraryItem> = {}): LibraryItem {
  return {
    id: 11,
    status: 'ready',
    progress: 100,
    failureReason: null,
    texts: { en: { title: 'Season review', description: 'The year in goals' } },
    categoryId: 1,
    access: 'free',
    date: '2026-11-30',
    publishedAt: '2026-12-01T10:00:00.000Z',
    duration: 60,
    poster: '/media/vod/northfield/upload-a/poster.jpg',
    frames: 4,
    createdAt: '2026-12-01T09:00:00.000Z',
    ...overrides,
  };
}

/** A library with a ready video, one being transcoded, and one rail holding both. */
export function libraryApi(library: Partial<LibraryResponse> = {}) {
  const sent: FakeRequest[] = [];
  const data: LibraryResponse = {
    items: [libraryItem(), libraryItem({ id: 12, status: 'processing', progress: 40, texts: { en: { title: 'Senior night', description: null } }, poster: null, frames: 0, publishedAt: null })],
    rails: [{ id: 5, title: 'Featured', itemIds: [11, 12] }],
    categories: [
      { id: 1, name: 'Highlights' },
      { id: 2, name: 'Interviews' },
    ],
    language: 'en',
    uploads: { maxBytes: 2048 * 1024 * 1024, quotaBytes: 20480 * 1024 * 1024, usedBytes: 0 },
    ...library,
  };
  const routes: Record<string, FakeHandler> = {
    'GET /console/library': () => ({ json: data }),
    'PATCH /console/library/items/11': (request) => {
      sent.push(request);
      return { json: { item: data.items[0] } };
    },
    'PATCH /console/library/rails/5': (request) => {
      sent.push(request);
      data.rails[0]!.itemIds = (request.body as { itemIds: number[] }).itemIds;
      return { json: { rails: data.rails } };
    },
  };
  return { routes, sent, data };
}

export function preroll(overrides: Partial<LibraryPreroll> = {}): LibraryPreroll {
  return { id: 3, title: 'Sponsor', status: 'ready', progress: 100, failureReason: null, url: '/media/prerolls/northfield-upload-3.m3u8', weight: 1, eventCategoryIds: [], forVod: true, forLive: true, ...overrides };
}

export function prerollsApi() {
  const sent: FakeRequest[] = [];
  const data: LibraryPrerollsResponse = {
    prerolls: [preroll()],
    sports: [
      { id: 7, name: 'Basketball' },
      { id: 8, name: 'Hockey' },
    ],
    uploads: { maxBytes: 2048 * 1024 * 1024, quotaBytes: 20480 * 1024 * 1024, usedBytes: 0 },
  };
  const routes: Record<string, FakeHandler> = {
    'GET /console/library/prerolls': () => ({ json: data }),
    'PATCH /console/library/prerolls/3': (request) => {
      sent.push(request);
      return { json: { preroll: { ...data.prerolls[0]!, ...(request.body as object) } } };
    },
  };
  return { routes, sent, data };
}
