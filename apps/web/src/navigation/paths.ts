import { isAuthPath } from '@grandstand/auth';
import type { MenuItem, Page } from '@grandstand/contract';
import type { NavItem } from '@grandstand/ui';

/** spec §2: neither auth pages nor error pages are remembered as the last visited page. */
export const ERROR_PATHS = ['/404'];

export function isRemembered(pathname: string): boolean {
  const path = normalise(pathname);
  return !isAuthPath(path) && !ERROR_PATHS.includes(path);
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Where a menu entry leads (spec §2): pages by their url, groups to the home path with ?school=. */
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
      return item.vod_media_id === null ? null : `/vod_library?${new URLSearchParams({ vod_id: String(item.vod_media_id) })}`;
  }
}

export function toNavItems(items: readonly MenuItem[], pages: readonly Page[]): NavItem[] {
  return items.flatMap((item) => {
    const href = menuHref(item, pages);
    return href ? [{ id: item.id, label: item.title, href, external: item.type === 'link' }] : [];
  });
}
