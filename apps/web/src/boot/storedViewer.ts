/**
 * Whether a viewer is logged in on this browser, as the page's script can tell before the site has
 * loaded: the site keeps the user it signed in under the channel's storage prefix (channel.ts's
 * siteStoragePrefix, the api client's `user` key).
 *
 * Plain DOM code, importing nothing (see boot.ts): the channel's script id, the prefix and the key
 * are written out here, and its test holds them to the site's own.
 */

/** channel.ts SITE_CHANNEL_ID: the JSON script naming the page's channel. */
const SITE_CHANNEL_ID = 'grandstand-site-channel';

/** The key the site keeps the logged-in user under, for a channel. */
export function storedUserKey(slug: string): string {
  return `grandstand:${slug}:user`;
}

/**
 * True when the page names its channel and this browser keeps a user for it. A user kept but no
 * longer valid (expired, signed out elsewhere) only makes the page hold presses on links a little
 * longer: each is made once the site is ready, where the same link stands.
 */
export function viewerStored(doc: Document, storage: () => Pick<Storage, 'getItem'>): boolean {
  try {
    const channel = JSON.parse(doc.getElementById(SITE_CHANNEL_ID)?.textContent ?? 'null') as { slug?: unknown } | null;
    return typeof channel?.slug === 'string' && storage().getItem(storedUserKey(channel.slug)) !== null;
  } catch {
    // No channel, a malformed one, or a browser that refuses the page its storage: a visitor.
    return false;
  }
}
