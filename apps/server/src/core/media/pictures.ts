import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Picture } from '@grandstand/contract';
import type { LoadedChannel } from '../channels/loadChannels.ts';
import { type CardCrest, type CardTeam, CARD_HEIGHT, CARD_WIDTH, cardSvg, type CrestInput, crestSvg, hexOr, luminance, shortHash } from './drawn.ts';
import { layout, recordingForEvent } from './library.ts';
import { liveDirOf, readRecordingSync } from './packager/recording.ts';

/**
 * Every picture the server hands out, as URLs under `/media/pictures/` (same origin, public, no
 * key or token: a paid event's poster may be shown, its stream may not). A URL names the picture
 * by its owner's id and, where the content never changes, by a hash of it, so it is cached for a
 * year; the route checks that the owner belongs to the channel of the host it is asked on.
 *
 * - events: `events/<id>/poster-<recipe>-<w>.<avif|webp|jpg>` (a frame of the recording, made by
 *   prepare-media, or by the packager for a camera's recording: `<recipe>` then hashes its facts), `events/<id>/live.<webp|jpg>` (the live signal's thumbnail, renewed every
 *   10 s, cached 10 s), `events/<id>/card-<hash>-<w>.<webp|jpg>` (drawn: upcoming, or no
 *   recording/signal; made from `events/<id>/card-<hash>.svg` on first request and kept);
 * - crests: `teams/<id>/crest-<hash>.<ext>`, `schools/<id>/crest-<hash>.<ext>` (the channel
 *   folder's file, or drawn as SVG);
 * - slides: `slides/<id>/<hash>-<w>.<avif|webp|jpg>` (the channel folder's hero image, in sizes).
 */

export const POSTER_WIDTHS = [320, 640, 854] as const;
/** The recordings are 854 × 480 (16:9 at 480p). */
export const POSTER_HEIGHT_OF: Record<number, number> = { 320: 180, 640: 360, 854: 480 };
export const SLIDE_WIDTHS = [640, 1024, 1600] as const;
/** A drawn card's sizes: its own 640 × 360, half that for small tiles, and 1.5× for sharp screens. */
export const CARD_WIDTHS = [320, 640, 960] as const;
export const LIVE_THUMB = { width: 426, height: 240 } as const;
/** The live thumbnail's cache: a page loaded now shows one at most ~20 s old (renewed every 10 s). */
export const LIVE_THUMB_CACHE = 'public, max-age=10';
/** A drawn picture's recipe: bump when the drawing changes, so its hashes (and URLs) change. */
const DRAWING_VERSION = 1;

/** What a picture needs to know of a team. */
export interface PictureTeam {
  id: number;
  name: string;
  short_name: string | null;
  alias: string | null;
  color: string | null;
}

export interface PictureEvent {
  id: number;
  name: string;
  stream_status: string;
  /** Away first, then home. */
  teams: readonly PictureTeam[];
}

interface FolderCrest {
  file: string;
  ext: 'svg' | 'png' | 'jpg' | 'webp';
  hash: string;
  dataUri: string;
}

const MIME: Record<FolderCrest['ext'] | 'avif', string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' };

export function mimeOf(ext: string): string {
  return MIME[ext as keyof typeof MIME] ?? 'application/octet-stream';
}

function extOf(file: string): FolderCrest['ext'] {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return ext === 'jpeg' ? 'jpg' : (ext as FolderCrest['ext']);
}

function channelColors(channel: LoadedChannel) {
  const colors = channel.config.fallbackColors as Record<string, string | undefined>;
  const header = hexOr(colors['header-background'], '#0b1f3a');
  const footer = hexOr(colors['footer-background'], header);
  return {
    // A light header (laurentides is white) is no backdrop: the darker of header and footer is.
    dark: luminance(footer) < luminance(header) ? footer : header,
    primary: hexOr(colors['primary-color'], '#f2a900'),
    secondary: hexOr(colors['secondary-color'], '#1d4e89'),
  };
}

export interface PicturesOptions {
  /** The media directory (prepared posters, live thumbnails, slide variants). */
  dir: string;
  channelById: (id: number) => LoadedChannel | undefined;
  /** False when there is no ingest (`INGEST=off`): live events show their drawn card. */
  liveThumbnails?: boolean;
}

interface ManifestView {
  items: Record<string, { hash: string; files: string[] } | undefined>;
}

/**
 * The pictures channels carry (`channel_files`: logo, crests, slide images), copied by content into
 * `<media dir>/pictures/files/<sha256>.<ext>` so the pictures are read from disk as prepared media
 * are, and indexed per channel by their path in the channel's folder. `syncChannelFiles` fills it
 * at start and when a channel changes; only channels that carry files take room here.
 */
export class ChannelFiles {
  readonly root: string;
  readonly #index = new Map<number, Map<string, string>>();

  constructor(mediaDir: string) {
    this.root = join(mediaDir, 'pictures', 'files');
  }

  /** The local copy of the channel's file, or null (a name outside the channel's files is never read). */
  path(channelId: number, file: string): string | null {
    const sha = this.#index.get(channelId)?.get(file);
    if (sha === undefined) return null;
    const path = join(this.root, `${sha}${extname(file).toLowerCase()}`);
    return existsSync(path) ? path : null;
  }

  /** What the channel's files are now (path → sha256); an empty map forgets the channel. */
  set(channelId: number, files: ReadonlyMap<string, string>): void {
    if (files.size === 0) this.#index.delete(channelId);
    else this.#index.set(channelId, new Map(files));
  }
}

export class Pictures {
  readonly dir: string;
  readonly liveThumbnails: boolean;
  readonly #channelById: PicturesOptions['channelById'];
  readonly files: ChannelFiles;
  readonly #folderCrests = new Map<string, FolderCrest | null>();
  readonly #slideFiles = new Map<string, { path: string; hash: string } | null>();
  #manifest: ManifestView = { items: {} };
  #manifestCheckedAt = 0;
  #manifestMtime = -1;

  constructor(options: PicturesOptions) {
    this.dir = options.dir;
    this.liveThumbnails = options.liveThumbnails ?? true;
    this.#channelById = options.channelById;
    this.files = new ChannelFiles(options.dir);
  }

  /** A channel's files changed: what was read of them is read again. */
  forgetChannelFiles(channelId: number | null): void {
    for (const cache of [this.#folderCrests, this.#slideFiles]) {
      for (const key of cache.keys()) if (channelId === null || key.startsWith(`${channelId}:`)) cache.delete(key);
    }
  }

  /** The prepared-media manifest, re-read when it changed (checked at most every 2 s). */
  #prepared(): ManifestView {
    const now = Date.now();
    if (now - this.#manifestCheckedAt < 2000) return this.#manifest;
    this.#manifestCheckedAt = now;
    try {
      const file = join(this.dir, layout.manifest);
      const mtime = statSync(file).mtimeMs;
      if (mtime !== this.#manifestMtime) {
        this.#manifest = JSON.parse(readFileSync(file, 'utf8')) as ManifestView;
        this.#manifestMtime = mtime;
      }
    } catch {
      this.#manifest = { items: {} };
      this.#manifestMtime = -1;
    }
    return this.#manifest;
  }

  /**
   * The hash of a finished event's poster and whether it has AVIF variants: its live recording's
   * (a frame of the camera's game, made when it ended or was trimmed: its hash changes with the
   * recording's facts), else the demo library's when prepare-media made it.
   */
  poster(channel: LoadedChannel, eventId: number): { hash: string; avif: boolean } | null {
    const live = this.#liveRecording(channel, eventId);
    if (live) return { hash: live.hash, avif: false };
    const key = `vod/${channel.config.slug}/${recordingForEvent(eventId).id}`;
    const item = this.#prepared().items[key];
    const posters = item?.files.filter((file) => file.includes('/poster-')) ?? [];
    // Media prepared before posters had AVIF keeps being offered without it, never with a missing source.
    return item && posters.length > 0 ? { hash: item.hash, avif: posters.some((file) => file.endsWith('.avif')) } : null;
  }

  /** A live recording with a poster: the hash its poster's address carries. */
  #liveRecording(channel: LoadedChannel, eventId: number): { hash: string } | null {
    const info = readRecordingSync(this.dir, channel.config.slug, eventId);
    // Twelve hex digits, as prepare-media's recipe hashes (the poster address takes those).
    return info && info.durationS > 0 ? { hash: createHash('sha256').update(JSON.stringify(info)).digest('hex').slice(0, 12) } : null;
  }

  /** Where a poster file lies in the media dir (a live recording's posters are in its folder, by width). */
  posterFile(channel: LoadedChannel, eventId: number, hash: string, width: number, ext: string): string {
    if (this.#liveRecording(channel, eventId)) return join(liveDirOf(this.dir, channel.config.slug, eventId), `poster-${width}.${ext}`);
    return join(this.dir, layout.recordingDir(channel.config.slug, recordingForEvent(eventId).id), `poster-${hash}-${width}.${ext}`);
  }

  #folderCrest(channel: LoadedChannel, kind: 'teams' | 'schools', alias: string | null): FolderCrest | null {
    if (alias === null) return null;
    const file = channel.config.crests?.[kind][alias];
    if (!file) return null;
    const key = `${channel.id}:${file}`;
    if (!this.#folderCrests.has(key)) {
      const path = this.files.path(channel.id, file);
      let crest: FolderCrest | null = null;
      if (path) {
        const bytes = readFileSync(path);
        const ext = extOf(file);
        crest = { file: path, ext, hash: shortHash(bytes), dataUri: `data:${MIME[ext]};base64,${bytes.toString('base64')}` };
      }
      this.#folderCrests.set(key, crest);
    }
    return this.#folderCrests.get(key) ?? null;
  }

  #crestInput(channel: LoadedChannel, name: string, color: string | null): CrestInput {
    const colors = channelColors(channel);
    return { name, color: hexOr(color, colors.secondary), accent: colors.primary };
  }

  /** A team's or school's crest: the folder's file, or the drawn SVG. */
  crest(channelId: number, kind: 'teams' | 'schools', owner: { id: number; name: string; alias: string | null; color: string | null }): { url: string; ext: string; body: () => Buffer | string } {
    const channel = this.#channel(channelId);
    const folder = this.#folderCrest(channel, kind, owner.alias);
    if (folder) return { url: `/media/pictures/${kind}/${owner.id}/crest-${folder.hash}.${folder.ext}`, ext: folder.ext, body: () => readFileSync(folder.file) };
    const svg = crestSvg(this.#crestInput(channel, owner.name, owner.color));
    return { url: `/media/pictures/${kind}/${owner.id}/crest-${shortHash(svg)}.svg`, ext: 'svg', body: () => svg };
  }

  crestUrl(channelId: number, kind: 'teams' | 'schools', owner: { id: number; name: string; alias: string | null; color: string | null }): string {
    return this.crest(channelId, kind, owner).url;
  }

  #channel(channelId: number): LoadedChannel {
    const channel = this.#channelById(channelId);
    if (!channel) throw new Error(`no channel ${channelId}`);
    return channel;
  }

  #cardInput(channel: LoadedChannel, event: PictureEvent) {
    const teams = event.teams.slice(0, 2).map((team): { card: Omit<CardTeam, 'crest'>; crest: () => CardCrest; key: unknown } => {
      const folder = this.#folderCrest(channel, 'teams', team.alias);
      const input = this.#crestInput(channel, team.name, team.color);
      return {
        card: { name: team.name, shortName: team.short_name, color: input.color },
        crest: () => (folder ? { kind: 'file', dataUri: folder.dataUri } : { kind: 'drawn', input }),
        key: folder ? folder.hash : input,
      };
    });
    const colors = channelColors(channel);
    const hash = shortHash(JSON.stringify({ v: DRAWING_VERSION, name: event.name, channel: channel.config.name, colors, teams: teams.map((t) => [t.card, t.key]) }));
    return { hash, render: () => cardSvg({ name: event.name, channelName: channel.config.name, colors, teams: teams.map((t) => ({ ...t.card, crest: t.crest() })) }) };
  }

  /** The drawn card of an event and the hash its URL carries. */
  card(channelId: number, event: PictureEvent): { hash: string; svg: () => string } {
    const { hash, render } = this.#cardInput(this.#channel(channelId), event);
    return { hash, svg: render };
  }

  /**
   * An event's picture: the live signal's thumbnail while it is live, a frame of its recording once
   * finished (when prepared), otherwise a card drawn from its teams.
   */
  eventPicture(channelId: number, event: PictureEvent): Picture {
    const channel = this.#channel(channelId);
    const base = `/media/pictures/events/${event.id}`;
    if (event.stream_status === 'live' && this.liveThumbnails) {
      return {
        kind: 'live',
        src: `${base}/live.jpg`,
        srcset: `${base}/live.jpg ${LIVE_THUMB.width}w`,
        sources: [{ type: 'image/webp', srcset: `${base}/live.webp ${LIVE_THUMB.width}w` }],
        width: LIVE_THUMB.width,
        height: LIVE_THUMB.height,
      };
    }
    if (event.stream_status === 'finished') {
      const poster = this.poster(channel, event.id);
      if (poster) {
        const candidates = (ext: string) => POSTER_WIDTHS.map((w) => `${base}/poster-${poster.hash}-${w}.${ext} ${w}w`).join(', ');
        const webp = { type: 'image/webp', srcset: candidates('webp') };
        return {
          kind: 'poster',
          src: `${base}/poster-${poster.hash}-640.jpg`,
          srcset: candidates('jpg'),
          sources: poster.avif ? [{ type: 'image/avif', srcset: candidates('avif') }, webp] : [webp],
          width: 640,
          height: 360,
        };
      }
    }
    const { hash } = this.#cardInput(channel, event);
    const candidates = (ext: string) => CARD_WIDTHS.map((w) => `${base}/card-${hash}-${w}.${ext} ${w}w`).join(', ');
    return {
      kind: 'upcoming',
      src: `${base}/card-${hash}-${CARD_WIDTH}.jpg`,
      srcset: candidates('jpg'),
      sources: [{ type: 'image/webp', srcset: candidates('webp') }],
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
    };
  }

  /** A slide's hero image (a file of the channel folder named by the slide's `image`), or null. */
  slideFile(channelId: number, image: string | null): { path: string; hash: string } | null {
    if (image === null || image.startsWith('/') || image.includes('://') || image.includes('..')) return null;
    const channel = this.#channel(channelId);
    const key = `${channelId}:${image}`;
    if (!this.#slideFiles.has(key)) {
      const path = this.files.path(channel.id, image);
      this.#slideFiles.set(key, path ? { path, hash: shortHash(readFileSync(path)) } : null);
    }
    return this.#slideFiles.get(key) ?? null;
  }

  /** The slide's picture and the URL its `image` becomes (the largest JPEG), or null without a folder file. */
  slidePicture(channelId: number, slide: { id: number; image: string | null }): { picture: Picture; image: string } | null {
    const file = this.slideFile(channelId, slide.image);
    if (!file) return null;
    const base = `/media/pictures/slides/${slide.id}/${file.hash}`;
    const candidates = (ext: string) => SLIDE_WIDTHS.map((w) => `${base}-${w}.${ext} ${w}w`).join(', ');
    return {
      picture: {
        kind: 'image',
        src: `${base}-1024.jpg`,
        srcset: candidates('jpg'),
        sources: [
          { type: 'image/avif', srcset: candidates('avif') },
          { type: 'image/webp', srcset: candidates('webp') },
        ],
        width: 1024,
        height: 576,
      },
      image: `${base}-1600.jpg`,
    };
  }

  /** Where drawn cards' pictures are cached (by the card's hash: events drawn alike share them). */
  cardVariantDir(channelId: number): string {
    return join(this.dir, 'pictures', this.#channel(channelId).config.slug, 'cards');
  }

  /** Where a slide's variants are cached. */
  slideVariantDir(channelId: number): string {
    return join(this.dir, 'pictures', this.#channel(channelId).config.slug, 'slides');
  }
}
