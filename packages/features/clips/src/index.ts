// @grandstand/clips: viewer clips (spec §1, §3 Clip, §4 clip lifecycle, §5 clip rules, §7 Clips calls).

// The clip library (profile clips, an event's clips, the share page).
export { clipsEmbedRoutes, clipsLibraryRoutes, clipsProfileRoutes } from './library/routes.tsx';
export { CLIPS_LIBRARY_PATHS, parseClipUuid } from './library/paths.ts';
export { clipsLibraryNamespace } from './library/namespace.ts';
export { clipsLibraryApi, useDeleteClipMutation, useGetClipDownloadMutation, useGetSharedClipQuery, useGetUserClipsQuery } from './library/clipsLibraryApi.ts';
export type { UserClipsArgs } from './library/clipsLibraryApi.ts';
export { sharedClipNotFound } from './library/sharedClip.ts';
export { ClipsSectionLabel } from './library/components/ClipsSectionLabel.tsx';

// The watch page: the Clip control in the player, its editor (a lazy chunk) and its calls.
export { LazyClipAction } from './watch/LazyClipAction.ts';
export type { ClipActionProps } from './watch/ClipAction.tsx';
export { clipsWatchNamespace } from './watch/namespace.ts';
export { clipsWatchApi, useCreateClipMutation } from './watch/clipsWatchApi.ts';
export { formatClipTime, lastSecondsOf, parseClipTime } from './watch/clipTime.ts';

// The calls both read: what a viewer may do with clips, an event's clips.
export { CLIP_POLL_INTERVAL_MS, clipsApi, isUnfinished, useGetClipOptionsQuery, useGetEventClipsQuery } from './clipsApi.ts';
