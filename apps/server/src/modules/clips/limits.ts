import type { ChannelClipsConfig } from '@grandstand/contract';

/**
 * The server's clip limits (spec §6 counters), in config (`CLIP_*` variables, server README,
 * Security): each per-viewer one applies where a channel's `channel.json` `clips.limits` sets none,
 * so a channel that forgot its limits is not an open disk. A 10 s clip is about 4 MB on disk.
 */
export interface ClipLimits {
  /** `CLIP_RATE_LIMIT` (10): clips a viewer asks for per `rateWindowMs`. */
  rateMax: number;
  /**
   * `CLIP_ADDRESS_RATE_LIMIT` (60): clips asked for per `rateWindowMs` from one client address and
   * channel, whoever asks: higher than a viewer's, since a school's viewers share one address.
   */
  addressRateMax: number;
  /** The window of `rateMax` (one minute; tests shorten it). */
  rateWindowMs: number;
  /** `CLIP_DEFAULT_MAX_CLIPS` (20): clips a viewer holds at once. */
  clips: number;
  /** `CLIP_DEFAULT_SECONDS_PER_DAY` (600): seconds of clips a viewer asks for in 24 hours. */
  secondsPerDay: number;
  /** `CLIP_DEFAULT_DOWNLOADS_PER_DAY` (10): downloads (clips and recordings) a viewer makes in 24 hours. */
  downloadsPerDay: number;
  /** `CLIP_STORAGE_QUOTA_MB` (5120): clip files a channel keeps on disk, in MiB; past it new clips are refused. */
  storageQuotaBytes: number;
}

export const DEFAULT_CLIP_RATE_LIMIT = 10;
export const DEFAULT_CLIP_ADDRESS_RATE_LIMIT = 60;
export const DEFAULT_CLIP_MAX_CLIPS = 20;
export const DEFAULT_CLIP_SECONDS_PER_DAY = 600;
export const DEFAULT_CLIP_DOWNLOADS_PER_DAY = 10;
export const DEFAULT_CLIP_STORAGE_QUOTA_MB = 5 * 1024;
export const MIB = 1024 * 1024;

export const DEFAULT_CLIP_LIMITS: ClipLimits = {
  rateMax: DEFAULT_CLIP_RATE_LIMIT,
  addressRateMax: DEFAULT_CLIP_ADDRESS_RATE_LIMIT,
  rateWindowMs: 60_000,
  clips: DEFAULT_CLIP_MAX_CLIPS,
  secondsPerDay: DEFAULT_CLIP_SECONDS_PER_DAY,
  downloadsPerDay: DEFAULT_CLIP_DOWNLOADS_PER_DAY,
  storageQuotaBytes: DEFAULT_CLIP_STORAGE_QUOTA_MB * MIB,
};

/** A viewer's limits in a channel: the channel's own where it sets them, the server's otherwise. */
export interface ViewerClipLimits {
  clips: number;
  secondsPerDay: number;
  downloads: number;
}

/** The channel's clip disk quota in bytes: its own where it sets one (console Settings, `clips.storage_quota_mb`), the server's otherwise. */
export function storageQuotaBytes(config: ChannelClipsConfig | undefined, defaults: ClipLimits): number {
  return config?.storage_quota_mb === undefined ? defaults.storageQuotaBytes : config.storage_quota_mb * MIB;
}

export function viewerLimits(config: ChannelClipsConfig | undefined, defaults: ClipLimits): ViewerClipLimits {
  const set = config?.limits ?? {};
  return {
    clips: set.clips ?? defaults.clips,
    secondsPerDay: set.seconds_per_day ?? defaults.secondsPerDay,
    downloads: set.downloads ?? defaults.downloadsPerDay,
  };
}
