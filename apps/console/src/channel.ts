import type { ColorSettings } from '@grandstand/contract';

/** What the server writes into the console's page about the host's channel (apps/server/src/modules/sites/console.ts). */
export interface PageChannel {
  slug: string;
  name: string;
  language: string;
  fallbackColors: ColorSettings;
}

export const PAGE_CHANNEL_ID = 'grandstand-console-channel';

function isPageChannel(value: unknown): value is PageChannel {
  if (typeof value !== 'object' || value === null) return false;
  const { slug, name, language, fallbackColors } = value as Record<string, unknown>;
  return typeof slug === 'string' && typeof name === 'string' && typeof language === 'string' && typeof fallbackColors === 'object' && fallbackColors !== null;
}

/**
 * The host's channel as the page names it, or null (the dev server's page, which no server wrote
 * into): one build serves every channel, so the channel is read here, at run time, never built in.
 */
export function readPageChannel(document: Document): PageChannel | null {
  const text = document.getElementById(PAGE_CHANNEL_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isPageChannel(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
