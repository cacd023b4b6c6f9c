// @grandstand/clips: viewer clips (spec §1, §3 Clip, §4 clip lifecycle, §5 clip rules, §7 Clips calls).
export {};

// The clip library (profile clips, an event's clips, the share page).
export { clipsEmbedRoutes, clipsLibraryRoutes, clipsProfileRoutes } from './library/routes.tsx';
export { CLIPS_LIBRARY_PATHS, parseClipUuid } from './library/paths.ts';
export { clipsLibraryNamespace } from './library/namespace.ts';
export {
  clipsLibraryApi,
  isUnfinished,
  useDeleteClipMutation,
  useGetClipDownloadMutation,
  useGetEventClipsQuery,
  useGetLibraryClipOptionsQuery,
  useGetSharedClipQuery,
  useGetUserClipsQuery,
} from './library/clipsLibraryApi.ts';
export type { UserClipsArgs } from './library/clipsLibraryApi.ts';
export { sharedClipNotFound } from './library/sharedClip.ts';
export { ClipsSectionLabel } from './library/components/ClipsSectionLabel.tsx';
