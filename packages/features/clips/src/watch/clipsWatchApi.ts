import type { Clip, ClipResponse, CreateClipBody } from '@grandstand/contract';
import { clipsBaseApi } from '../clipsApi.ts';

/**
 * The watch page's own clip call (spec §7 Clips): cutting a clip (what the editor offers and the
 * event's clips are `clipsApi`'s, shared with the library). Paths and shapes are the contract's
 * (packages/contract/src/clips.ts). Clips are tagged `Clips` by id and `LIST`, so cutting
 * one refreshes every list of them (the profile's too), and the options (clips left) with it.
 */
export const clipsWatchApi = clipsBaseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    createClip: build.mutation<Clip, CreateClipBody>({
      query: (body) => ({ url: '/clip', method: 'POST', body: { ...body } }),
      transformResponse: (response: ClipResponse) => response.data,
      invalidatesTags: (_result, error) => (error ? [{ type: 'Clips', id: 'OPTIONS' }] : [{ type: 'Clips', id: 'LIST' }, { type: 'Clips', id: 'OPTIONS' }]),
    }),
  }),
});

export const { useCreateClipMutation } = clipsWatchApi;
