import type { Page } from '@grandstand/contract';

/**
 * The pages whose first screen the server renders: the ones a visitor opens from a link or a search
 * (home, listings, watch, embed, a shared clip and its embed, not-found) and the channel's own pages. The viewer's
 * own pages (account, profile, checkout, an event's clips) depend on who is logged in, which only the
 * browser knows: they start in the browser, loader first.
 */
const PUBLIC = /^\/(?:live|upcoming|schedule|vod|404|watch\/\d+|watch_embed\/\d+|share(?:_embed)?\/\d+\/[0-9a-fA-F-]{36})?\/?$/;

export function isServerRenderedPath(pathname: string, pages: readonly Page[] = []): boolean {
  return PUBLIC.test(pathname) || pages.some((page) => page.url === pathname);
}
