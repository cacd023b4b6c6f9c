import type { Language, VodAccessLevel, VodMediaItemDetail } from '@grandstand/contract';
import { type RawBuilder, sql } from 'kysely';
import type { SEARCH_LANGUAGES } from './migration.ts';

/**
 * The on-demand library's rules (spec §6 access, §5 vod search), free of HTTP: the routes
 * (routes/vod) answer with these.
 */

/** Who is asking, as the library sees them. */
export interface VodViewer {
  loggedIn: boolean;
  /** Their capabilities: their account's, the channel's grant and their running passes' (lowercase). */
  capabilities: ReadonlySet<string>;
  /** They held `vod_media` through a pass that has ended (and hold it no other way now). */
  passEnded: boolean;
  /**
   * What bars them from every item, whatever its access: their region (spec §3 Geo) or a suspension
   * by the channel's support (they lack `watch`, spec §6). Absent when nothing does.
   */
  barred?: 'geo' | 'suspended';
}
export const VOD_VISITOR: VodViewer = { loggedIn: false, capabilities: new Set(), passEnded: false };

/**
 * spec §6: nothing for a viewer barred by their region or a suspension; `free` is anyone's; `registered` a logged-in viewer's; `vod_media` a viewer's with the
 * capability. What stands in the way otherwise: logging in, or a pass ("expired" when theirs ended:
 * the site says "Expired on-demand access needs a premium pass").
 */
export function vodLock(access: VodAccessLevel, viewer: VodViewer): VodMediaItemDetail['locked'] {
  if (viewer.barred) return viewer.barred;
  if (access === 'free') return null;
  if (!viewer.loggedIn) return 'login';
  if (access === 'registered') return null;
  if (viewer.capabilities.has('vod_media')) return null;
  return viewer.passEnded ? 'expired' : 'vod_media';
}

type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

/** The text search configuration of a channel's language: its stemming. */
export function searchLanguageOf(language: Language): SearchLanguage {
  return language === 'fr' ? 'french' : 'english';
}

/**
 * An item's stored search document: its title weighted A, its description B, accents folded, in
 * its channel's language (spec §5: title matches first).
 */
export function searchDocument(language: SearchLanguage, title: string | RawBuilder<unknown>, description: string | RawBuilder<unknown> | null) {
  const config = sql.lit(language);
  return sql<string>`setweight(to_tsvector(${config}::regconfig, grandstand_fold(${title}::text)), 'A') || setweight(to_tsvector(${config}::regconfig, grandstand_fold(coalesce(${description}::text, ''))), 'B')`;
}

/** The folded title the trigram index holds. */
export function searchTitle(title: string | RawBuilder<unknown>) {
  return sql<string>`grandstand_fold(${title}::text)`;
}

/** A public asset address of an item's media folder (posters and previews are public; the HLS is not). */
export function vodAssetPath(slug: string, ref: string, file: string): string {
  return `/media/vod/${slug}/${ref}/${file}`;
}

/** spec §3: an item's assets: its posters (JPEG and WebP) and its silent preview, as prepare-media makes them. */
export function vodAssets(slug: string, ref: string) {
  return [
    { type: 'image' as const, path: vodAssetPath(slug, ref, 'poster.jpg'), mime: 'image/jpeg', width: 1280, height: 720 },
    { type: 'image' as const, path: vodAssetPath(slug, ref, 'poster.webp'), mime: 'image/webp', width: 1280, height: 720 },
    { type: 'preview' as const, path: vodAssetPath(slug, ref, 'preview.mp4'), mime: 'video/mp4', width: 640, height: 360 },
  ];
}

/** A bought pass, with what says whether it still runs (orders' columns). */
export interface PassState {
  type: string;
  activity_status: string;
  expires_at: Date | null;
  sub_status: string | null;
  current_period_end: Date | null;
}

/**
 * Whether a paid pass runs at `now`: the same ends as the purchases' access (modules/commerce/entitlements.ts
 * `loadEntitlements`): a package until it expires, a subscription within its paid period.
 */
export function passRunning(pass: PassState, now: Date): boolean {
  if (pass.activity_status !== 'active') return false;
  if (pass.type === 'package') return pass.expires_at === null || new Date(pass.expires_at) > now;
  if (pass.type === 'subscription') return (pass.sub_status === 'active' || pass.sub_status === 'canceled') && pass.current_period_end !== null && new Date(pass.current_period_end) > now;
  return false;
}

/**
 * The viewer as the library sees them: their capabilities (clips' `capabilitiesOf`: their
 * account's and the channel's grant) plus `vod_media` from a running pass; `passEnded` when a pass
 * gave it and none runs now.
 */
export function vodViewerOf(capabilities: ReadonlySet<string>, passes: readonly PassState[], now: Date): VodViewer {
  const running = passes.some((pass) => passRunning(pass, now));
  const all = new Set(capabilities);
  if (running) all.add('vod_media');
  return { loggedIn: true, capabilities: all, passEnded: passes.length > 0 && !running };
}
