import type { Page } from '@grandstand/contract';
import type { RenderedFormat } from '@grandstand/i18n';
import type { RootState } from '@grandstand/store';

/** What a server render hands the browser in `<script type="application/json" id="grandstand-state">`. */
export interface ServerState {
  /** The store's api cache the markup was rendered from. */
  api: RootState['api'];
  /** The language of the markup: the browser hydrates in it, then switches to the viewer's own. */
  language: string;
  /** The channel's pages: the route table the markup was rendered with. */
  pages: Page[];
  /** The dates and prices the markup shows, as the server wrote them: the browser writes the same (@grandstand/i18n). */
  formats: Record<string, RenderedFormat>;
  /**
   * The texts the markup was rendered with, in its language, by namespace: the browser starts with
   * them instead of loading them, so the site's code carries no texts.
   */
  texts: Record<string, Record<string, unknown>>;
}

export const SERVER_STATE_ID = 'grandstand-state';

/** The server's state in this document, or null when the page was not rendered by the server. */
export function readServerState(document: Document): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}

/** The endpoints whose answers are the same for every viewer of the channel. */
const SHARED_ENDPOINTS = new Set([
  'getMenu',
  'getPages',
  'getColorSettings',
  'getSettings',
  'getParticipantGroups',
  'getParticipants',
  'getEventCategories',
  'getParticipantGroupProperties',
  'getEventLocations',
  'getSlides',
  'getFaq',
  'getPage',
]);

/** The part of a server render's api cache a logged-in viewer can keep: nothing about access or prices. */
export function sharedByEveryone(api: ServerState['api']): ServerState['api'] {
  const queries = Object.fromEntries(Object.entries(api.queries).filter(([, query]) => query !== undefined && SHARED_ENDPOINTS.has(query.endpointName ?? '')));
  return { ...api, queries };
}
