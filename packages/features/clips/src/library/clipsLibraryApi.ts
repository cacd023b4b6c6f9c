import type { ClipsResponse, DownloadLink, SharedClip } from '@grandstand/contract';
import { clipsBaseApi, clipTags } from '../clipsApi.ts';

/** The paging of GET /clips/user (contract `ClipsQuery`). */
export interface UserClipsArgs {
  offset: number;
  limit: number;
}

/**
 * The clip library's calls (spec §7 Clips): the viewer's clips, a shared clip for
 * anyone with its link, a clip's download link and deleting a clip. Every list provides the `Clips`
 * tags, so a clip made in the player (which invalidates `Clips` LIST) shows here at once.
 */
export const clipsLibraryApi = clipsBaseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** GET /clips/user: a page of the viewer's clips, newest first. */
    getUserClips: build.query<ClipsResponse, UserClipsArgs>({
      query: ({ offset, limit }) => ({ url: '/clips/user', params: { offset, limit } }),
      providesTags: (response) => clipTags(response?.data),
    }),
    /** GET /shared-clip/{uuid}: a ready clip for anyone who has its link (404 for anything else). */
    getSharedClip: build.query<SharedClip, string>({
      query: (uuid) => ({ url: `/shared-clip/${encodeURIComponent(uuid)}` }),
      transformResponse: (response: { data: SharedClip }) => response.data,
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
  useGetSharedClipQuery,
  useGetClipDownloadMutation,
  useDeleteClipMutation,
} = clipsLibraryApi;
