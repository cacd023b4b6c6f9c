import type { ChannelConfig, ColorSettings } from '@grandstand/contract';
import { createContext, use } from 'react';

/**
 * The public part of the channel a page is served for, as the server writes it into the page
 * (apps/server/src/modules/sites/static.ts) and hands it to the server renderer. One build serves
 * every channel (spec §1: the channel's look and language come from server settings), so nothing
 * of a channel is built in: it is read here, at run time.
 */
export interface SiteChannel {
  slug: string;
  name: string;
  language: ChannelConfig['language'];
  currency: string;
  fallbackColors: ColorSettings;
  description: string;
  /** The logo's address (versioned by the channel's last change), or null: the header shows the name. */
  logo: string | null;
}

/** The id of the JSON script that names the page's channel. */
export const SITE_CHANNEL_ID = 'grandstand-site-channel';

/** Where the site keeps what it stores for a channel (spec §9: local storage under a product-specific prefix; one channel never reads another's keys). */
export function siteStoragePrefix(slug: string): string {
  return `grandstand:${slug}:`;
}

function isSiteChannel(value: unknown): value is SiteChannel {
  if (typeof value !== 'object' || value === null) return false;
  const { slug, name, language, currency, fallbackColors, description, logo } = value as Record<string, unknown>;
  return (
    (logo === null || typeof logo === 'string') &&
    typeof slug === 'string' &&
    typeof name === 'string' &&
    typeof language === 'string' &&
    typeof currency === 'string' &&
    typeof description === 'string' &&
    typeof fallbackColors === 'object' &&
    fallbackColors !== null
  );
}

/** The page's channel, or null when the page names none (or names it in a shape the site does not know). */
export function readSiteChannel(document: Document): SiteChannel | null {
  const text = document.getElementById(SITE_CHANNEL_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isSiteChannel(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const SiteChannelContext = createContext<SiteChannel | null>(null);

/** Gives the views the page's channel: the browser's start reads it from the page, the server renderer is handed it. */
export const SiteChannelProvider = SiteChannelContext;

/** The page's channel; a view outside the site's provider is a programming error. */
export function useSiteChannel(): SiteChannel {
  const channel = use(SiteChannelContext);
  if (!channel) throw new Error('useSiteChannel needs a SiteChannelProvider around it');
  return channel;
}
