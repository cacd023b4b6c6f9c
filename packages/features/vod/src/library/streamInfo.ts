import type { StreamInfo } from '@grandstand/analytics';

/** A library video as the analytics service hears of it: its id, title, category name and league. */
export interface VodStreamTags {
  id: number;
  title: string;
  category: string | undefined;
  league: string | undefined;
}

/**
 * What the analytics service is told about a library video (spec §7 video events and viewing
 * time): the item as a `vod_media` stream (its id is not an event's), its title, and the tags its
 * watch time is counted under that an item has: its category and the league (the channel).
 */
export function vodStreamInfo({ id, title, category, league }: VodStreamTags): StreamInfo {
  return { stream_id: id, stream_type: 'vod_media', stream_title: title, ...(category ? { category } : {}), ...(league ? { league } : {}) };
}
