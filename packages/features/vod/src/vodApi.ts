import type {
  VodMediaCategory,
  VodMediaItemDetail,
  VodMediaItemsResponse,
  VodRail,
  VodSearchResponse,
} from '@grandstand/contract';
import { baseApi, staleOnViewerChange } from '@grandstand/store';

/** GET /vod-media-items's query (contract VodMediaItemsQuery) as the site sends it. */
export type VodMediaItemsArgs = {
  category_id?: number;
  offset?: number;
  limit?: number;
};

/** GET /vod-media/search's query (contract VodSearchQuery; spec §5 defaults on the server) as the site sends it. */
export type VodSearchArgs = {
  title: string;
  offset?: number;
  limit?: number;
  sort_field?: 'date' | 'relevance';
};

/** The vod feature's tag types. */
const VOD_TAGS = ['VodMedia', 'VodRails'] as const;
staleOnViewerChange('session', VOD_TAGS);

/**
 * The on-demand library's calls (spec §7 Vod). Every answer depends on who asks (`has_access`, the
 * stream), so they provide `VodMedia` and `VodRails`, stale whenever the viewer logs in or out.
 */
export const vodApi = baseApi.enhanceEndpoints({ addTagTypes: VOD_TAGS }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** GET /vod-media-items: the library, newest first, a page at a time, by category when asked. */
    getVodMediaItems: build.query<VodMediaItemsResponse, VodMediaItemsArgs>({
      query: (params) => ({ url: '/vod-media-items', params }),
      providesTags: (page) => [
        ...(page?.data ?? []).map((item) => ({ type: 'VodMedia' as const, id: item.id })),
        { type: 'VodMedia' as const, id: 'LIST' },
      ],
    }),
    /** GET /vod-media-items/{id}: one item with its stream for a viewer who may watch it (another channel's: 404). */
    getVodMediaItem: build.query<VodMediaItemDetail, number>({
      query: (id) => ({ url: `/vod-media-items/${id}` }),
      transformResponse: (response: { data: VodMediaItemDetail }) => response.data,
      providesTags: (_item, _error, id) => [{ type: 'VodMedia', id }],
    }),
    /** GET /vod-media-categories: the channel's categories in its order. */
    getVodMediaCategories: build.query<VodMediaCategory[], void>({
      query: () => ({ url: '/vod-media-categories' }),
      transformResponse: (response: { data: VodMediaCategory[] }) => response.data,
      providesTags: [{ type: 'VodMedia', id: 'CATEGORIES' }],
    }),
    /** GET /vod-media-rails: the channel's rails in order, each with its items. */
    getVodRails: build.query<VodRail[], void>({
      query: () => ({ url: '/vod-media-rails' }),
      transformResponse: (response: { data: VodRail[] }) => response.data,
      providesTags: (rails) => [...(rails ?? []).map((rail) => ({ type: 'VodRails' as const, id: rail.id })), { type: 'VodRails' as const, id: 'LIST' }],
    }),
    /**
     * GET /vod-media/search: videos (paged, `meta` for them) and up to `limit` events, teams and
     * schools matching the words. A superseded search is cancelled by its caller (`abort()`).
     */
    searchVod: build.query<VodSearchResponse, VodSearchArgs>({
      query: (params) => ({ url: '/vod-media/search', params }),
      providesTags: [{ type: 'VodMedia', id: 'SEARCH' }],
      // Every typed prefix would otherwise stay cached for the store's default time.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetVodMediaItemsQuery, useGetVodMediaItemQuery, useGetVodMediaCategoriesQuery, useGetVodRailsQuery, useSearchVodQuery, useLazySearchVodQuery } =
  vodApi;
