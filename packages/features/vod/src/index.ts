// @grandstand/vod: the on-demand library and the search (spec §1, §2 /vod_library, §3 Vod media
// item and Vod rail, §5 vod search defaults, §6 vod_media, §7 Vod calls, §9 rails and cards).

// What every page carries: the header's search box (its suggestions a lazy chunk), the texts, the
// lazy routes and the paths.
export { HeaderSearch } from './search/HeaderSearch.tsx';
export { vodNamespace } from './namespace.ts';
export { vodRoutes, searchRoutes } from './routes.tsx';
export { parseVodId, VOD_PATHS } from './paths.ts';
export { vodLibraryNamespace } from './library/namespace.ts';

// The calls (naming them in the site's entry brings them into it: import them only where needed).
export {
  useGetVodMediaCategoriesQuery,
  useGetVodMediaItemQuery,
  useGetVodMediaItemsQuery,
  useGetVodRailsQuery,
  useLazySearchVodQuery,
  useSearchVodQuery,
  vodApi,
} from './vodApi.ts';
