// @grandstand/clips: viewer clips (spec §1, §3 Clip, §4 clip lifecycle, §5 clip rules, §7 Clips calls).

// The watch page: the Clip control in the player, its editor (a lazy chunk) and its calls.
export { LazyClipAction } from './watch/LazyClipAction.ts';
export type { ClipActionProps } from './watch/ClipAction.tsx';
export { clipsWatchNamespace } from './watch/namespace.ts';
export {
  CLIP_POLL_INTERVAL_MS,
  clipsWatchApi,
  isUnfinished,
  useCreateClipMutation,
  useGetWatchClipOptionsQuery,
  useGetWatchEventClipsQuery,
} from './watch/clipsWatchApi.ts';
export { formatClipTime, lastSecondsOf, parseClipTime } from './watch/clipTime.ts';
