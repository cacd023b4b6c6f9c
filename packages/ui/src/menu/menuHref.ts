import type { MenuItem, Page } from '@grandstand/contract';
import type { NavItem } from '../shared/link.ts';

/**
 * Where a menu entry leads (spec §2). Page entries go to the page's url from the channel's page
 * list (their own url as a fallback); route and link entries to their url; a school entry
 * (`participant_group`, whose url is null) to the home path filtered by that school with
 * `?school=` (its alias, else its name); a video entry to the on-demand library opened on that
 * video. `null` when the entry leads nowhere (a page that is not in the list, a group or video that
 * is missing), so the menu leaves it out rather than linking it to the home page.
 */
export function menuHref(item: MenuItem, pages: readonly Page[]): string | null {
  switch (item.type) {
    case 'page':
      return pages.find((page) => page.id === item.page_id)?.url ?? item.url;
    case 'route':
    case 'link':
      return item.url;
    case 'participant_group': {
      const group = item.participant_group;
      if (!group) return null;
      return `/?${new URLSearchParams({ school: group.alias ?? group.name }).toString()}`;
    }
    case 'vod_media':
      return item.vod_media_id === null ? null : `/vod_library?${new URLSearchParams({ vod_id: String(item.vod_media_id) }).toString()}`;
  }
}

/**
 * The channel's menu entries as the `items` of `Header` or `Footer`: each entry's href from
 * `menuHref`, entries that lead nowhere left out, link entries marked `external` (they leave the
 * site, so they are plain anchors). Pick one menu's entries first with `menuForPlacement`.
 */
export function toNavItems(items: readonly MenuItem[], pages: readonly Page[]): NavItem[] {
  return items.flatMap((item) => {
    const href = menuHref(item, pages);
    return href ? [{ id: item.id, label: item.title, href, external: item.type === 'link' }] : [];
  });
}
