import type { ColorSettings } from '@grandstand/contract';

/**
 * Which channel this app is, read at start from `/channel-app.json` beside it: one build serves
 * any channel whose site origins include this app's origin. The channel key is public (the API
 * exchanges it for an api key); the API is called across origins at `apiBaseUrl`.
 */
export interface ChannelAppConfig {
  apiBaseUrl: string;
  channelKey: string;
  slug: string;
  language: string;
  fallbackColors: ColorSettings;
}

function isConfig(value: unknown): value is ChannelAppConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as Record<string, unknown>;
  return ['apiBaseUrl', 'channelKey', 'slug', 'language'].every((field) => typeof config[field] === 'string' && config[field] !== '') && typeof config.fallbackColors === 'object' && config.fallbackColors !== null;
}

export async function loadConfig(): Promise<ChannelAppConfig> {
  const response = await fetch('/channel-app.json', { cache: 'no-store' });
  const value: unknown = await response.json();
  if (!response.ok || !isConfig(value)) throw new Error('channel-app.json is missing or incomplete');
  return value;
}
