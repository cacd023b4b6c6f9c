/** The library's limits' defaults (src/config.ts reads them; `LIBRARY_*`). */
export const MIB = 1024 * 1024;
/** 2 GiB: a full game's recording at a good rate. */
export const DEFAULT_UPLOAD_MAX_BYTES = 2048 * MIB;
/** 20 GiB of uploads on disk per channel at once (they leave the disk once transcoded). */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 20 * 1024 * MIB;
/** A day: an upload that has not moved for this long is abandoned. */
export const DEFAULT_UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** How often abandoned uploads are looked for. */
export const DEFAULT_UPLOAD_SWEEP_MS = 10 * 60 * 1000;
/** Transcodes at once per process: one ffmpeg takes a core. */
export const DEFAULT_TRANSCODE_WORKERS = 1;
