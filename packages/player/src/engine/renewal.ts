/**
 * A stream's address renewed in place. A stream address carries a short-lived token in one path
 * segment (`/media/s/<token>/events/7/index.m3u8`); a playlist loaded once resolves its segments
 * against the address it was read from, so the segments of an on-demand stream (and a live stream's
 * playlists, asked for again every few seconds) keep the first token unless their requests are
 * rewritten. This maps any address under an earlier token to the current one.
 */
export interface AddressRenewal {
  /** `uri` under the current address where it was under an earlier one; otherwise unchanged. */
  current(uri: string): string;
  /**
   * Takes `next` as the stream's address. True when it is the same stream under another token (one
   * path segment differs), so later requests are rewritten; false when it is another stream.
   */
  renew(next: string): boolean;
}

function absolute(uri: string, base: string): string {
  try {
    return new URL(uri, base).href;
  } catch {
    return uri;
  }
}

/**
 * The one path segment two addresses differ in, as the part of each before their common rest:
 * `https://x/media/s/AAA` and `https://x/media/s/BBB` for `…/AAA/events/7/index.m3u8` and
 * `…/BBB/events/7/index.m3u8`. Null when they differ in more than one segment, in the last, or in
 * their origin.
 */
export function differingSegment(from: string, to: string): { from: string; to: string } | null {
  let start = 0;
  while (start < from.length && start < to.length && from[start] === to[start]) start += 1;
  start = from.lastIndexOf('/', start - 1) + 1;
  // Within the path: an address on another host is another stream.
  const scheme = from.indexOf('//');
  const pathStart = from.indexOf('/', scheme < 0 ? 0 : scheme + 2);
  if (start === 0 || pathStart < 0 || start <= pathStart) return null;
  const fromEnd = from.indexOf('/', start);
  const toEnd = to.indexOf('/', start);
  if (fromEnd < 0 || toEnd < 0) return null;
  if (from.slice(fromEnd) !== to.slice(toEnd)) return null;
  return { from: from.slice(0, fromEnd), to: to.slice(0, toEnd) };
}

export function createAddressRenewal(initial: string, base: string): AddressRenewal {
  let address = absolute(initial, base);
  /** The prefix of every earlier address (up to its token), newest first. */
  const earlier: string[] = [];
  let prefix: string | null = null;
  return {
    current(uri) {
      if (prefix === null) return uri;
      for (const old of earlier) {
        if (uri.startsWith(`${old}/`)) return prefix + uri.slice(old.length);
      }
      return uri;
    },
    renew(next) {
      const nextAddress = absolute(next, base);
      if (nextAddress === address) return true;
      const segment = differingSegment(address, nextAddress);
      address = nextAddress;
      if (segment === null) {
        earlier.length = 0;
        prefix = null;
        return false;
      }
      if (!earlier.includes(segment.from)) earlier.unshift(segment.from);
      prefix = segment.to;
      return true;
    },
  };
}
