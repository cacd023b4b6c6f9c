import type { Database } from '../../core/db/schema.ts';
import type { MediaStorage } from '../../core/media/storage/index.ts';

/**
 * What a clip asked for but not yet cut will take on disk, per second: a 10 s clip's folder (HLS,
 * MP4 and posters) is about 4.2 MB. Counted against the quota so a burst of requests cannot all
 * pass while the disk still looks empty.
 */
export const CLIP_BYTES_PER_SECOND_ESTIMATE = 450_000;
/** How long a channel's measured clip folder is trusted before it is measured again. */
export const DEFAULT_CLIP_STORAGE_TTL_MS = 30_000;

export interface ChannelClipStorage {
  slug: string;
  /** Bytes of clip files on disk, plus the estimate of the clips still queued or being cut. */
  used_bytes: number;
  quota_bytes: number;
  full: boolean;
}

/**
 * A disk quota per channel for its viewers' clip files (server README, Security: `CLIP_STORAGE_QUOTA_MB`).
 * The channel's clip folder is measured at most every `ttlMs` (a walk of its files); a clip
 * settling or deleted asks for a new measure. Crossing the quota is logged once as a warning, and
 * `/health` shows each channel's figure, so the operator sees it before viewers complain.
 */
export class ClipStorage {
  readonly quotaBytes: number;
  readonly #db: Database;
  readonly #storage: MediaStorage;
  readonly #prefixOf: (slug: string) => string;
  readonly #ttlMs: number;
  readonly #warn: (message: string) => void;
  readonly #quotaOf: ((channelId: number) => number) | undefined;
  readonly #measured = new Map<string, { bytes: number; at: number }>();
  readonly #full = new Set<string>();

  /**
   * `prefixOf`: the storage key of a channel's clips (each clip's files are under it). `quotaOf`: a
   * channel's own quota as it is now (its owner may change it at any time), else `quotaBytes`.
   */
  constructor(options: { db: Database; storage: MediaStorage; prefixOf: (slug: string) => string; quotaBytes: number; quotaOf?: (channelId: number) => number; ttlMs?: number; warn: (message: string) => void }) {
    this.#db = options.db;
    this.#storage = options.storage;
    this.#prefixOf = options.prefixOf;
    this.quotaBytes = options.quotaBytes;
    this.#ttlMs = options.ttlMs ?? DEFAULT_CLIP_STORAGE_TTL_MS;
    this.#warn = options.warn;
    this.#quotaOf = options.quotaOf;
  }

  /** The channel's clip folder is measured again at the next look (a clip was made or deleted). */
  forget(slug: string): void {
    this.#measured.delete(slug);
  }

  async usage(channelId: number, slug: string): Promise<ChannelClipStorage> {
    const [onDisk, pending] = await Promise.all([this.#onDisk(slug), this.#pendingSeconds(channelId)]);
    const used = onDisk + Math.round(pending * CLIP_BYTES_PER_SECOND_ESTIMATE);
    const quota = this.#quotaOf?.(channelId) ?? this.quotaBytes;
    const full = used >= quota;
    if (full && !this.#full.has(slug)) {
      this.#warn(`clip storage of channel ${slug} is full: ${used} of ${quota} bytes (its Settings or CLIP_STORAGE_QUOTA_MB); new clips are refused`);
      this.#full.add(slug);
    } else if (!full) this.#full.delete(slug);
    return { slug, used_bytes: used, quota_bytes: quota, full };
  }

  async #onDisk(slug: string): Promise<number> {
    const known = this.#measured.get(slug);
    if (known && Date.now() - known.at < this.#ttlMs) return known.bytes;
    const bytes = await this.#storage.bytesUnder(this.#prefixOf(slug));
    this.#measured.set(slug, { bytes, at: Date.now() });
    return bytes;
  }

  async #pendingSeconds(channelId: number): Promise<number> {
    const row = await this.#db
      .selectFrom('clips')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('duration'), eb.lit(0)).as('s'))
      .where('channel_id', '=', channelId)
      .where('status', 'in', ['queued', 'processing'])
      .executeTakeFirstOrThrow();
    return Number(row.s);
  }
}
