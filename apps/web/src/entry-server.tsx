import { finished } from 'node:stream/promises';
import { createApiClient } from '@grandstand/api-client';
import type { KeyValueStorage } from '@grandstand/api-client';
import { CLIPS_LIBRARY_PATHS, clipsLibraryApi, parseClipUuid, sharedClipNotFound } from '@grandstand/clips';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import type { Picture, SharedClip } from '@grandstand/contract';
import { eventTitle, parseEventId } from '@grandstand/events';
import { I18nProvider, recordRenderedFormats } from '@grandstand/i18n';
import { baseApi, initialSessionState, makeStore, sharedApi } from '@grandstand/store';
import type { AppStore } from '@grandstand/store';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { matchRoutes, StaticRouter } from 'react-router';
import type { RouteMatch } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { Shell } from './App.tsx';
import { SiteChannelProvider, siteStoragePrefix } from './channel.ts';
import type { SiteChannel } from './channel.ts';
import { buildRoutes, preloadRoutes, SiteRoutes } from './routes.tsx';
import { eventSummary } from './share/eventSummary.ts';
import { ApiClientContext } from './shell/services.tsx';
import { startI18n } from './startup/i18n.ts';
import { formatEventsOf } from './startup/serverFormats.ts';
import { runPublicStartup } from './startup/startup.ts';
import { isServerRenderedPath } from './startup/serverRendered.ts';
import type { ServerState } from './startup/serverState.ts';

export interface RenderRequest {
  /** The path and query of the page asked for. */
  url: string;
  /**
   * The API, as the server answers it for this request's channel and viewer address (the reference
   * server calls itself in-process). Relative URLs: `/api/...` and the channel key file.
   */
  fetch: typeof fetch;
  /** Where the renders of one channel keep their visitor keys (one shared key, not one per page). */
  storage: KeyValueStorage;
  /**
   * The channel of the request's host, as the server writes it into the page: one renderer serves
   * every channel, so the channel comes with each render, never from the build.
   */
  channel: SiteChannel;
}

/** Open Graph and Twitter card tags of a page a link to it should preview with (spec §2 share links). */
export interface ShareTags {
  title: string;
  description: string;
  /** Absolute or root-relative; the server makes it absolute with the channel's public origin. */
  image: string | null;
  type: 'website' | 'video.other';
  /**
   * A page a link preview may frame to play the page's video (a shared clip's `/share_embed/...`),
   * root-relative, with its size: the server then offers a Twitter player card.
   */
  player?: { url: string; width: number; height: number } | null;
}

export interface RenderResult {
  /** The markup of #root. */
  html: string;
  /** styled-components' rules for that markup, as <style> tags. */
  styles: string;
  /** The store's api cache and the language the markup is in (`ServerState`), as JSON. */
  state: string;
  language: string;
  title: string;
  share: ShareTags;
}

/** How many times a page renders at most: each pass may discover queries the previous data revealed. */
const MAX_PASSES = 4;

/** Renders a page to nothing, waiting for everything it suspends on (lazy code, texts). */
async function settle(node: ReactNode): Promise<void> {
  const { prelude } = await prerenderToNodeStream(node);
  prelude.resume();
  await finished(prelude);
}

/**
 * The largest raster of a picture, for link previews: the services that draw them take JPEG, not
 * SVG nor WebP everywhere (an upcoming event's drawn card comes as JPEG too).
 */
function shareImage(picture: Picture): string | null {
  const candidates = (picture.srcset ?? '')
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/))
    .map(([url = '', width = '']) => ({ url, width: Number.parseInt(width, 10) || 0 }))
    .filter((candidate) => candidate.url !== '');
  const largest = candidates.sort((a, b) => b.width - a.width)[0];
  if (largest) return largest.url;
  return /\.(?:jpe?g|png)(?:\?|$)/i.test(picture.src) ? picture.src : null;
}

/**
 * A watch page whose id is not an event's: in the browser it goes on to the 404 page, which a
 * server render cannot do (`<Navigate>` does nothing there), so it is left to the browser rather
 * than sent as an empty page.
 */
function leadsToNotFound(store: AppStore, leaf: RouteMatch): boolean {
  // A shared clip's page (and its embed): an unknown, unfinished or mismatched clip goes to the 404 page.
  if (leaf.route.path?.startsWith('share')) {
    const id = parseEventId(leaf.params.id);
    const uuid = parseClipUuid(leaf.params.uuid);
    if (id === null || uuid === null) return true;
    const { data, error } = clipsLibraryApi.endpoints.getSharedClip.select(uuid)(clipsState(store));
    return sharedClipNotFound(id, data, error);
  }
  if (!leaf.route.path?.startsWith('watch')) return false;
  const id = parseEventId(leaf.params.id);
  if (id === null) return true;
  const { error } = sharedApi.endpoints.getEvent.select(id)(store.getState());
  return error !== undefined && 'status' in error && (error.status === 404 || error.status === 400);
}

/** The store's state as the clips' api types it: the clips feature adds its own tag type (`Clips`) to the store at run time. */
function clipsState(store: AppStore) {
  return store.getState() as Parameters<ReturnType<typeof clipsLibraryApi.endpoints.getSharedClip.select>>[0];
}

/** The shared clip a share page (or its embed) shows, once the render has it. */
function sharedClipOf(store: AppStore, leaf: RouteMatch): SharedClip | null {
  if (!leaf.route.path?.startsWith('share')) return null;
  const uuid = parseClipUuid(leaf.params.uuid);
  const clip = uuid ? clipsLibraryApi.endpoints.getSharedClip.select(uuid)(clipsState(store)).data : undefined;
  return clip && clip.event_id === parseEventId(leaf.params.id) ? clip : null;
}

/**
 * A shared clip's preview (spec §2 `/share/{id}/{uuid}`): a video card with the clip's name, its game
 * and its poster frame (a JPEG, which every preview service draws), and its embed page as the player
 * a card may frame (static-sites.ts explains which platforms play what).
 */
function clipShareTags(clip: SharedClip, t: Parameters<typeof eventTitle>[1], describe: (game: string) => string): ShareTags {
  const game = eventTitle(clip.event, t);
  return {
    title: clip.name,
    description: describe(game),
    image: shareImage(clip.poster),
    type: 'video.other',
    player: { url: CLIPS_LIBRARY_PATHS.embed(clip.event_id, clip.uuid), width: clip.poster.width, height: clip.poster.height },
  };
}

function shareTagsOf(store: AppStore, leaf: RouteMatch, fallback: ShareTags, t: Parameters<typeof eventTitle>[1], language: string): ShareTags {
  const id = Number(leaf.params.id);
  if (!leaf.route.path?.startsWith('watch') || !Number.isSafeInteger(id)) return fallback;
  const event = sharedApi.endpoints.getEvent.select(id)(store.getState()).data;
  if (!event) return fallback;
  return {
    title: eventTitle(event, t),
    description: event.description ?? eventSummary(event, language),
    image: shareImage(event.picture) ?? fallback.image,
    type: 'video.other',
  };
}

/**
 * The first screen of a page as HTML (architecture: the first screen comes in the HTML): the public
 * part of the startup (spec §4 steps 1-4 without the profile), then the page rendered until its
 * data is in. Null when the page is not one a server renders (the viewer's own pages, unknown
 * paths) or the startup failed: the browser then starts as before, loader first.
 */
export async function render(request: RenderRequest): Promise<RenderResult | null> {
  const { channel } = request;
  const url = new URL(request.url, 'http://site.invalid');
  const client = createApiClient({
    baseUrl: '/api',
    channelKeyUrl: CHANNEL_KEY_FILE,
    storagePrefix: siteStoragePrefix(channel.slug),
    storage: request.storage,
    fetch: request.fetch,
  });
  // A server render is always a visitor's: the viewer's own data arrives in the browser.
  const store = makeStore({ client, preloadedState: { session: initialSessionState } });
  const startup = await runPublicStartup(client, store);
  if (startup.status !== 'ready' || !isServerRenderedPath(url.pathname, startup.pages)) return null;

  const routes = buildRoutes(startup.pages, channel);
  const leaf = matchRoutes(routes, url.pathname)?.at(-1);
  // The catch-all's `<Navigate>` to /404 happens in the browser (a static router does not navigate):
  // an unknown path is left to it, as the site's own start.
  if (!leaf || leaf.route.path === '*') return null;
  // The page's views' code before the first pass, as the browser loads it before it hydrates; a view
  // whose code cannot be had fails the render here.
  await preloadRoutes(routes, url);

  const settings = startup.settings;
  const i18n = await startI18n(settings.language);

  const page = () => (
    <SiteChannelProvider value={channel}>
      <ApiClientContext value={client}>
        <Provider store={store}>
          <I18nProvider i18n={i18n}>
            <Shell colors={startup.colors}>
              <StaticRouter location={url.pathname + url.search}>
                <SiteRoutes routes={routes} />
              </StaticRouter>
            </Shell>
          </I18nProvider>
        </Provider>
      </ApiClientContext>
    </SiteChannelProvider>
  );

  // Each pass starts the queries its views ask for (store: side effects in render on the server) and
  // waits for the code and texts they load; the next renders with their answers, until a pass asks
  // for nothing new.
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    if (leadsToNotFound(store, leaf)) return null;
    await settle(page());
    const running = store.dispatch(baseApi.util.getRunningQueriesThunk());
    if (running.length === 0) break;
    await Promise.all(running);
  }
  if (leadsToNotFound(store, leaf)) return null;
  // The page, rendered at once from what the passes gathered: nothing suspends any more, so the
  // markup is complete and carries none of the inline scripts streaming would add (the site's
  // policy allows no inline script).
  const sheet = new ServerStyleSheet();
  let html: string;
  let styles: string;
  let formats: ServerState['formats'];
  try {
    ({ result: html, formats } = recordRenderedFormats(() => {
      const markup = renderToString(sheet.collectStyles(page()));
      // The dates and prices of the events the page holds but did not draw (the home's rails below
      // the fold): the browser draws them later with these texts, not with Intl.
      const answers = Object.values(store.getState().api.queries).map((query) => query?.data);
      formatEventsOf(answers, i18n.language, settings.currency);
      return markup;
    }));
    styles = sheet.getStyleTags();
  } finally {
    sheet.seal();
  }

  const events = i18n.getFixedT(null, 'events');
  const fallback: ShareTags = { title: settings.name || channel.name, description: channel.description || settings.name || channel.name, image: null, type: 'website' };
  const clip = sharedClipOf(store, leaf);
  const clipTexts = i18n.getFixedT(null, 'clipsLibrary');
  const share = clip
    ? clipShareTags(clip, events, (game) => clipTexts('share.description', { event: game }))
    : shareTagsOf(store, leaf, fallback, events, i18n.language);
  const texts = (i18n.store.data[i18n.language] ?? {}) as ServerState['texts'];
  const state: ServerState = { api: store.getState().api, language: i18n.language, pages: startup.pages, formats, texts };
  return {
    html,
    styles,
    // `<` escaped: the JSON sits in a <script type="application/json"> and must not close it.
    state: JSON.stringify(state).replaceAll('<', '\\u003c'),
    language: i18n.language,
    title: share.type === 'website' ? fallback.title : `${share.title} | ${fallback.title}`,
    share,
  };
}
