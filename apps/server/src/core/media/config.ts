/** The ffmpeg binary when `FFMPEG_PATH` is unset: the one on PATH (Debian's 5.1 with libx264 and aac). */
export const DEFAULT_FFMPEG_PATH = 'ffmpeg';

/** The rendition every prepared item is encoded to (a single 480p rendition by default). */
export interface MediaQuality {
  width: number;
  height: number;
  fps: number;
  videoKbps: number;
}

export const DEFAULT_QUALITY: MediaQuality = { width: 854, height: 480, fps: 25, videoKbps: 900 };

/**
 * The renditions `MEDIA_QUALITY` names: the viewer's 480p, and a 240p one that packages in under
 * half the time (47 s against 106 s for the demo's 48 items on two cores), for the end-to-end
 * tests, which play the media but never judge its picture.
 */
export const MEDIA_QUALITIES = {
  '480p': DEFAULT_QUALITY,
  '240p': { width: 426, height: 240, fps: 25, videoKbps: 400 },
} as const satisfies Record<string, MediaQuality>;
