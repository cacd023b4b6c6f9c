import type { Clip, ClipOptions, ClipsResponse } from '@grandstand/contract';
import { baseApi, staleOnViewerChange } from '@grandstand/store';

/** While a clip is queued or processing, its list is asked for this often (spec §4 clip lifecycle). */
export const CLIP_POLL_INTERVAL_MS = 2_000;

/** Whether a clip is still on its way (queued or processing, spec §4 clip lifecycle). */
export function isUnfinished(clip: Pick<Clip, 'status'>): boolean {
  return clip.status === 'queued' || clip.status === 'processing';
}

/** A list provides its items and its LIST tag: a create invalidates LIST, a delete the item and LIST. */
export function clipTags(clips: readonly Clip[] | undefined) {
  return [...(clips ?? []).map((clip) => ({ type: 'Clips' as const, id: clip.id })), { type: 'Clips' as const, id: 'LIST' }];
}

/** The clips feature's tag types: a viewer's clips, and what they may do with clips. */
const CLIPS_TAGS = ['Clips'] as const;
staleOnViewerChange('session', CLIPS_TAGS);

/** The store's api with the clips feature's tag types, which the watch page's and the library's calls inject into. */
export const clipsBaseApi = baseApi.enhanceEndpoints({ addTagTypes: CLIPS_TAGS });

/**
 * A selector of the clips' api as one of the site's store: the store's state type names only the
 * store's own tag types, and the clips' api adds `Clips` to the same state at run time.
 */
export function onStore<Selected>(select: (state: never) => Selected): (state: unknown) => Selected {
  return select as (state: unknown) => Selected;
}

/**
 * The clip calls both the watch page and the library read (spec §7 Clips), one cache entry each:
 * what this viewer may do with clips of an event, and the viewer's clips of an event.
 */
export const clipsApi = clipsBaseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /**
     * GET /clips/options: the channel's tags and what this viewer may do (the user's capabilities
     * plus the channel's grant, which only the server knows). Clips left change with every clip
     * made (`OPTIONS`) or deleted, downloads left with every download (`Profile`).
     */
    getClipOptions: build.query<ClipOptions, number>({
      query: (eventId) => ({ url: '/clips/options', params: { event_id: eventId } }),
      transformResponse: (response: { data: ClipOptions }) => response.data,
      providesTags: [{ type: 'Clips', id: 'OPTIONS' }, 'Profile'],
    }),
    /** GET /clips/event/{id}: the viewer's clips of one event, newest first. */
    getEventClips: build.query<ClipsResponse, number>({
      query: (eventId) => ({ url: `/clips/event/${eventId}` }),
      providesTags: (response) => clipTags(response?.data),
    }),
  }),
});

export const { useGetClipOptionsQuery, useGetEventClipsQuery } = clipsApi;
