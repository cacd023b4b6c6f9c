import type { Clip, ClipOptions, ClipResponse, ClipsResponse, CreateClipBody } from '@grandstand/contract';
import { baseApi } from '@grandstand/store';

/** While a clip is queued or processing, its event's clips are asked for this often (spec §4). */
export const CLIP_POLL_INTERVAL_MS = 2_000;

/** Whether a clip is still on its way (queued or processing). */
export function isUnfinished(clip: Pick<Clip, 'status'>): boolean {
  return clip.status === 'queued' || clip.status === 'processing';
}

/**
 * The watch page's clip calls (spec §7 Clips): what the editor offers this viewer, cutting a clip,
 * and the viewer's clips of the event, polled while one is unfinished. Paths and shapes are the
 * contract's (packages/contract/src/clips.ts). Clips are tagged `Clips` by id and `LIST`, so cutting
 * one refreshes every list of them (the profile's too), and the options (clips left) with it.
 */
export const clipsWatchApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getWatchClipOptions: build.query<ClipOptions, number>({
      query: (eventId) => ({ url: '/clips/options', params: { event_id: eventId } }),
      transformResponse: (response: { data: ClipOptions }) => response.data,
      providesTags: [{ type: 'Clips', id: 'OPTIONS' }],
    }),
    createClip: build.mutation<Clip, CreateClipBody>({
      query: (body) => ({ url: '/clip', method: 'POST', body: { ...body } }),
      transformResponse: (response: ClipResponse) => response.data,
      invalidatesTags: (_result, error) => (error ? [{ type: 'Clips', id: 'OPTIONS' }] : [{ type: 'Clips', id: 'LIST' }, { type: 'Clips', id: 'OPTIONS' }]),
    }),
    getWatchEventClips: build.query<Clip[], number>({
      query: (eventId) => ({ url: `/clips/event/${eventId}` }),
      transformResponse: (response: ClipsResponse) => response.data,
      providesTags: (clips) => [...(clips ?? []).map((clip) => ({ type: 'Clips' as const, id: clip.id })), { type: 'Clips', id: 'LIST' }],
    }),
  }),
});

export const { useGetWatchClipOptionsQuery, useCreateClipMutation, useGetWatchEventClipsQuery } = clipsWatchApi;
