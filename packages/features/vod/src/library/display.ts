import type { Event, VodMediaItem } from '@grandstand/contract';
import type { PictureData } from '@grandstand/ui';

/** An item's length as a player shows it: `m:ss`, or `h:mm:ss` from an hour. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** The item's date (YYYY-MM-DD, a calendar day) as a Date at noon UTC, so no time zone moves its day. */
export function itemDay(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

/**
 * The item's poster as the design system's picture: the JPEG as the image, the WebP as the format
 * preferred where the browser has it. Null when the item has no poster (the card keeps its box).
 */
export function posterOf(item: Pick<VodMediaItem, 'assets'>): PictureData | null {
  const images = item.assets.filter((asset) => asset.type === 'image');
  const fallback = images.find((asset) => asset.mime !== 'image/webp') ?? images[0];
  if (!fallback) return null;
  const sources = images
    .filter((asset) => asset !== fallback && asset.mime.startsWith('image/'))
    .map((asset) => ({ type: asset.mime, srcset: asset.path }));
  return { kind: 'poster', src: fallback.path, srcset: null, sources, width: fallback.width ?? 1280, height: fallback.height ?? 720 };
}

/** The item's short silent preview clip, if it has one. */
export function previewOf(item: Pick<VodMediaItem, 'assets'>): string | null {
  return item.assets.find((asset) => asset.type === 'preview')?.path ?? null;
}

/** spec §3: two participants make an "away @ home" title; otherwise the event's name. */
export function eventTitle(event: Pick<Event, 'name' | 'participants'>, matchup: (away: string, home: string) => string): string {
  if (event.participants.length === 2) {
    const away = event.participants.find((participant) => participant.side === 'away');
    const home = event.participants.find((participant) => participant.side === 'home');
    if (away && home) return matchup(away.name, home.name);
  }
  return event.name;
}
