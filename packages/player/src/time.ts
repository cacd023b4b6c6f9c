/** How far ←/→ move the playhead, in seconds. */
export const SEEK_STEP_SECONDS = 10;
/** How much ↑/↓ change the volume (0..1). */
export const VOLUME_STEP = 0.1;
/**
 * How far behind the live edge still counts as live, in seconds. The edge moves a segment (a
 * camera's GOP, 1 to 2 s) at a time while the playhead moves smoothly, and a stall puts a viewer a
 * few seconds behind until the catch-up has closed it, so a small gap is normal; one ← press (10 s) is not.
 */
export const LIVE_EDGE_TOLERANCE_SECONDS = 7;

export interface TimeRange {
  start: number;
  end: number;
}

/** `65` → `1:05`, `3725` → `1:02:05`; negative and non-finite values read as 0. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Whether a live playhead is far enough behind the edge of the DVR window to offer "Back to live". */
export function isBehindLiveEdge(currentTime: number, window: TimeRange, tolerance = LIVE_EDGE_TOLERANCE_SECONDS): boolean {
  return window.end - currentTime > tolerance;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
