import type { Clip, ClipOptions, ClipsResponse, DownloadLink, SharedClip } from '@grandstand/contract';
import { baseApi } from '@grandstand/store';

/** The paging of GET /clips/user (contract `ClipsQuery`). */
export interface UserClipsArgs {
  offset: number;
  limit: number;
}

/** A list provides its items and its LIST tag: a create invalidates LIST, a delete the item and LIST. */
function clipTags(clips: readonly Clip[] | undefined) {
  return [...(clips ?? []).map((clip) => ({ type: 'Clips' as const, id: clip.id })), { type: 'Clips' as const, id: 'LIST' }];
}

/** Queued and processing clips are still being cut (spec §4 clip lifecycle): their lists are polled. */
export function isUnfinished(clip: Pick<Clip, 'status'>): boolean {
  return clip.status === 'queued' || clip.status === 'processing';
}

/**
 * The clip library's calls (spec §7 Clips): the viewer's clips, an event's clips, a shared clip for
 * anyone with its link, a clip's download link and deleting a clip. Every list provides the `Clips`
 * tags, so a clip made in the player (which invalidates `Clips` LIST) shows here at once.
 */
export const clipsLibraryApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** GET /clips/user: a page of the viewer's clips, newest first. */
    getUserClips: build.query<ClipsResponse, UserClipsArgs>({
      query: ({ offset, limit }) => ({ url: '/clips/user', params: { offset, limit } }),
      providesTags: (response) => clipTags(response?.data),
    }),
    /** GET /clips/event/{id}: the viewer's clips of one event, newest first. */
    getEventClips: build.query<ClipsResponse, number>({
      query: (eventId) => ({ url: `/clips/event/${eventId}` }),
      providesTags: (response) => clipTags(response?.data),
    }),
    /** GET /shared-clip/{uuid}: a ready clip for anyone who has its link (404 for anything else). */
    getSharedClip: build.query<SharedClip, string>({
      query: (uuid) => ({ url: `/shared-clip/${encodeURIComponent(uuid)}` }),
      transformResponse: (response: { data: SharedClip }) => response.data,
    }),
    /**
     * GET /clips/options: the channel's tag names and whether this viewer may download a clip (the
     * user's capabilities plus the channel's grant, which only the server knows).
     */
    getLibraryClipOptions: build.query<ClipOptions, number>({
      query: (eventId) => ({ url: '/clips/options', params: { event_id: eventId } }),
      transformResponse: (response: { data: ClipOptions }) => response.data,
      // Clips left change with every clip made or deleted, downloads left with every download.
      providesTags: [{ type: 'Clips', id: 'LIST' }, 'Profile'],
    }),
    /**
     * GET /clip/download/{id}: a short-lived signed address of the MP4. A mutation: each ask counts
     * one download (spec §6 counters) and its address expires, so it is never cached.
     */
    getClipDownload: build.mutation<DownloadLink, number>({
      query: (id) => ({ url: `/clip/download/${id}` }),
      transformResponse: (response: { data: DownloadLink }) => response.data,
      // The downloads left changed: the options (and the profile's counters) are read again.
      invalidatesTags: (_link, error) => (error ? [] : ['Profile']),
    }),
    /** DELETE /clip/{id}: frees one of the viewer's clips (spec §6 limits). */
    deleteClip: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/clip/${id}`, method: 'DELETE' }),
      transformResponse: (response: { data: { message: string } }) => response.data,
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Clips', id }, { type: 'Clips', id: 'LIST' }, 'Profile']),
    }),
  }),
});

export const {
  useGetUserClipsQuery,
  useGetEventClipsQuery,
  useGetSharedClipQuery,
  useGetLibraryClipOptionsQuery,
  useGetClipDownloadMutation,
  useDeleteClipMutation,
} = clipsLibraryApi;
