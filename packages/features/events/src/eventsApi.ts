import type { Event, EventsQuery, EventsResponse, FavoriteEventsQuery } from '@grandstand/contract';
import { baseApi, staleOnViewerChange } from '@grandstand/store';

/** The `data` payload of an answer (the server validates answers with the contract; the client types with it). */
function payload<Data>(response: { data: Data }): Data {
  return response.data;
}

/** A list provides its items and its LIST tag: a create invalidates LIST, an update or delete the item. */
function listTags(events: readonly Event[] | undefined) {
  return [...(events ?? []).map((event) => ({ type: 'Events' as const, id: event.id })), { type: 'Events' as const, id: 'LIST' }];
}

/** Only the keys that are set, so two equal filters are one cache entry and one request. */
function cleanQuery(query: EventsQuery | FavoriteEventsQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params[key] = value as string | number;
  }
  return params;
}

/**
 * The events feature's tag types: a listing's answers carry each event's access, so who the viewer
 * is and what they own change them; `FavoriteEvents`, the events of the viewer's favourites, is
 * also invalidated by the favourites feature when a favourite changes.
 */
const EVENTS_TAGS = ['Events', 'FavoriteEvents'] as const;
staleOnViewerChange('session', EVENTS_TAGS);
staleOnViewerChange('access', ['Events']);

/** The event listing calls of spec §7; one event (GET /events/{id}) is the store's `getEvent`, which the checkout reads too. */
export const eventsApi = baseApi.enhanceEndpoints({ addTagTypes: EVENTS_TAGS }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** GET /events: a page of a listing ({ data, meta: { total, offset, limit } }). */
    getEvents: build.query<EventsResponse, EventsQuery>({
      query: (query) => ({ url: '/events', params: cleanQuery(query) }),
      providesTags: (result) => listTags(result?.data),
    }),
    /** GET /events-for-homepage: the events the channel puts on its home. */
    getEventsForHomepage: build.query<Event[], void>({
      query: () => ({ url: '/events-for-homepage' }),
      transformResponse: payload<Event[]>,
      providesTags: listTags,
    }),
    /** GET /events/with_clip: events that have clips; the payload's `data` is the list (a page or not). */
    getEventsWithClip: build.query<Event[], void>({
      query: () => ({ url: '/events/with_clip' }),
      transformResponse: payload<Event[]>,
      providesTags: listTags,
    }),
    /**
     * GET /events/favorite (spec §7): a page of the events of the viewer's teams, schools and sports,
     * shaped as /events. It needs a logged-in viewer; it is stale whenever a favourite changes and on
     * login or logout.
     */
    getFavoriteEvents: build.query<EventsResponse, FavoriteEventsQuery>({
      query: (query) => ({ url: '/events/favorite', params: cleanQuery(query) }),
      providesTags: (result) => [...listTags(result?.data), 'FavoriteEvents'],
    }),
  }),
});

export const { useGetEventsQuery, useGetEventsForHomepageQuery, useGetEventsWithClipQuery, useGetFavoriteEventsQuery } = eventsApi;
