/** The clip library's pages (spec §2), as the site's absolute paths. */
export const CLIPS_LIBRARY_PATHS = {
  /** The viewer's clips: a child of /profile. */
  profile: '/profile/clips',
  /** spec §2 `/watch_library/{id}`: the viewer's clips of one event. */
  event: (eventId: number) => `/watch_library/${eventId}`,
  /** spec §2 `/share/{id}/{uuid}`: a ready clip, for anyone who has the link. */
  share: (eventId: number, uuid: string) => `/share/${eventId}/${uuid}`,
  /** The clip's player alone, for iframes (a link preview's player card). */
  embed: (eventId: number, uuid: string) => `/share_embed/${eventId}/${uuid}`,
  /** The whole game a clip was cut from (the events feature's watch page). */
  watch: (eventId: number) => `/watch/${eventId}`,
} as const;

/** A path id is digits only and a positive 32-bit integer (contract IdParam); anything else is a 404. */
export function parseEventId(raw: string | undefined): number | null {
  if (!raw || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A share link's clip id (contract SharedClipParams: a UUID), lower-cased; null for anything else. */
export function parseClipUuid(raw: string | undefined): string | null {
  return raw && UUID.test(raw) ? raw.toLowerCase() : null;
}
