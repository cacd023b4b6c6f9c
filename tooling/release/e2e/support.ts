import { chromiumLaunchOptions as chromiumOptions } from '@grandstand/vitest-config/chromium';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository's root: two folders above this package. */
export const repoRoot = resolve(import.meta.dirname, '../../..');

/** The reference server the consumer app calls, and the consumer app's own origin: two origins. */
export const API_PORT = Number(process.env.CONSUMER_API_PORT ?? 8641);
export const APP_PORT = Number(process.env.CONSUMER_APP_PORT ?? 8642);
export const API_ORIGIN = `http://localhost:${API_PORT}`;
export const APP_ORIGIN = `http://localhost:${APP_PORT}`;

/**
 * Its own database, fresh on every run; the media apps/web's end-to-end tests package, shared
 * (prepare-media keeps what is there), at the same lighter rendition (`MEDIA_QUALITY`).
 */
export const dataDir = resolve(repoRoot, '.data/e2e-consumer');
export const mediaDir = resolve(repoRoot, '.data/e2e-media');
export const MEDIA_QUALITY = '240p';

/** Where global setup says which folder holds the prepared app (outside the repository). */
export const preparedFile = join(tmpdir(), `grandstand-consumer-${APP_PORT}.json`);

/** Debian's Chromium, with autoplay: the watch page starts its video without a click. */
export const chromiumLaunchOptions = chromiumOptions({ autoplay: true });

interface DemoChannel {
  slug: string;
  channelKey: string;
  language: string;
  fallbackColors: Record<string, string>;
}

interface SeedEvent {
  name: string;
  stream_status: string;
  access_type: string;
  homepage?: boolean;
}

export function demoChannel(slug: string): DemoChannel {
  return JSON.parse(readFileSync(join(repoRoot, 'channels', slug, 'channel.json'), 'utf8')) as DemoChannel;
}

export function seedEvents(slug: string): SeedEvent[] {
  return (JSON.parse(readFileSync(join(repoRoot, 'channels', slug, 'seed.json'), 'utf8')) as { events: SeedEvent[] }).events;
}

/** The channel app's start file for a channel: the API across origins, the channel's key given directly. */
export function appConfig(slug: string) {
  const channel = demoChannel(slug);
  return { apiBaseUrl: `${API_ORIGIN}/api`, channelKey: channel.channelKey, slug: channel.slug, language: channel.language, fallbackColors: channel.fallbackColors };
}
