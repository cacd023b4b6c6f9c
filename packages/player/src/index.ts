// The entry imports no shaka-player code: shaka is fetched by a dynamic import when a Player mounts
// (or preloadPlayer is called), so importing this package for types or controls costs nothing more.
export { Player } from './Player/Player.tsx';
export type { PlayerProps } from './Player/Player.tsx';
export type { PlayerHandle } from './Player/handle.ts';
export { PlayerControls } from './PlayerControls/PlayerControls.tsx';
export { PlayerStage } from './PlayerStage/PlayerStage.tsx';
export type { PlayerStageProps } from './PlayerStage/PlayerStage.tsx';
export { EmbedFrame } from './EmbedFrame/EmbedFrame.tsx';
export type { EmbedFrameProps } from './EmbedFrame/EmbedFrame.tsx';
export { categoryLineage, pickPreroll, prerollSeenKey } from './preroll/prerolls.ts';
export type { CategoryNode, PrerollChoice, PrerollTarget } from './preroll/prerolls.ts';
export { usePreroll } from './preroll/usePreroll.ts';
export type { PrerollSettings, PrerollStorage, UsePrerollOptions } from './preroll/usePreroll.ts';
export type { PlayerControlsProps } from './PlayerControls/PlayerControls.tsx';
export { ActionButton as PlayerActionButton } from './PlayerControls/PlayerControls.styles.ts';
export { PLAYER_LABEL_KEYS, playerLabelsOf } from './labels.ts';
export type { PlayerLabels } from './labels.ts';
export type { FirstFrameInfo, PlaybackCallbacks, PlaybackPhase, QualityChoice, QualityOption } from './engine/session.ts';
export { preloadPlayer } from './engine/loadShaka.ts';
export { createViewingTimeTracker, VIEWING_TIME_INTERVAL_MS } from './analytics/viewingTime.ts';
export type { ViewingTimeReport, ViewingTimeTracker, ViewingTimeTrackerOptions } from './analytics/viewingTime.ts';
export { createFirstFrameTimer } from './analytics/firstFrame.ts';
export { createPlaybackEventTracker, SEEK_QUIET_MS } from './analytics/playbackEvents.ts';
export type { PlaybackEvent, PlaybackEventTracker } from './analytics/playbackEvents.ts';
export type { FirstFrameTimer } from './analytics/firstFrame.ts';
export { formatTime, isBehindLiveEdge, LIVE_EDGE_TOLERANCE_SECONDS, SEEK_STEP_SECONDS } from './time.ts';
export type { TimeRange } from './time.ts';
