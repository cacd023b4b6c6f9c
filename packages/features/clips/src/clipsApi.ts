import type { Clip, ClipOptions, ClipsResponse } from '@grandstand/contract';
import { baseApi } from '@grandstand/store';

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

/**
 * The clip calls both the watch page and the library read (spec §7 Clips), one cache entry each:
 * what this viewer may do with clips of an event, and the viewer's clips of an event.
 */
export const clipsApi = baseApi.injectEndpoints({
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
