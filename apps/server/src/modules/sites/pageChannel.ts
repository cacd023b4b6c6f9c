import type { ColorSettings } from '@grandstand/contract';
import type { LoadedChannel } from '../../core/channels/loadChannels.ts';

/**
 * The public part of a channel that the site's one build reads from its page (apps/web/src/channel.ts)
 * and its server renderer is handed: nothing else of the channel's config (its key, analytics ids,
 * limits) goes into a page this way; the site asks the API for those.
 */
export interface SitePageChannel {
  slug: string;
  name: string;
  language: string;
  currency: string;
  fallbackColors: ColorSettings;
  description: string;
  /**
   * The logo's address, versioned by the channel's last change so a new logo shows at once (its
   * answer is cached an hour), or null for a channel without one (the header then shows the name).
   */
  logo: string | null;
}

/** Where a channel's logo is served on its host (modules/sites/static.ts), whatever its format. */
export const CHANNEL_LOGO_PATH = '/channel-logo.svg';

/** The id of the JSON script that names the page's channel (apps/web/src/channel.ts reads it). */
export const SITE_CHANNEL_SCRIPT_ID = 'grandstand-site-channel';

export function sitePageChannel(channel: LoadedChannel): SitePageChannel {
  const { slug, name, language, currency, fallbackColors, description, logo } = channel.config;
  return { slug, name, language, currency, fallbackColors, description: description ?? '', logo: logo ? `${CHANNEL_LOGO_PATH}?v=${channelVersion(channel)}` : null };
}

/**
 * When the channel's row last changed, in milliseconds: part of the rendered-page cache's key, so a
 * page rendered before an edit of the channel (its look, its name) is never served after it.
 */
export function channelVersion(channel: LoadedChannel): number {
  return channel.updatedAt.getTime();
}

/** JSON that cannot end the script element it sits in, whatever a channel's name holds. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
