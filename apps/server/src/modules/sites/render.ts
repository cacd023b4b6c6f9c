import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LoadedChannel } from '../../core/channels/loadChannels.ts';
import { redactUrl } from '../../core/redaction.ts';
import { channelVersion, sitePageChannel } from './pageChannel.ts';
import type { SitePageChannel } from './pageChannel.ts';
import { isFile } from './static.ts';

/**
 * What the site's server renderer (`apps/web/src/entry-server.tsx`, built once for every channel
 * into `<sitesDir>/.ssr/entry-server.js`) answers: the first screen of a page.
 */
export interface RenderedPage {
  html: string;
  styles: string;
  state: string;
  language: string;
  title: string;
  share: { title: string; description: string; image: string | null; type: 'website' | 'video.other' };
}

interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface Renderer {
  render(request: { url: string; fetch: typeof fetch; storage: KeyValueStorage; channel: SitePageChannel }): Promise<RenderedPage | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The first screen of a site page for this request's channel, or null when the page starts in the browser. */
    renderSitePage(request: FastifyRequest, sitesDir: string, channel: LoadedChannel): Promise<RenderedPage | null>;
  }
}

export interface SiteRenderOptions {
  /** How long a rendered page is reused for the same channel (and version of it) and URL (default 5 s). */
  cacheMs?: number;
  /** A render that takes longer is given up: the page starts in the browser (default 3 s). */
  timeoutMs?: number;
  /**
   * Renders under way at once (default 4). Past it, a page starts in the browser: a flood of
   * distinct URLs costs the server a static file each, not a render each.
   */
  maxConcurrent?: number;
}

/** Rendered pages kept at most, over all channels and URLs: a query string of one's own choosing does not grow memory. */
const CACHE_ENTRIES = 500;

function memoryStorage(): KeyValueStorage {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
  };
}

function headerValue(value: string | string[] | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * The API as the site's renderer sees it: answered in-process by this server for the request's
 * channel (its Host, already resolved to a known channel). Nothing of the viewer passes through (no
 * address, cookies or forwarded headers): a render is the same for every viewer, so it can be
 * shared, and whatever depends on the viewer (access, region, orders) the browser asks for itself.
 */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const target = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const body = init?.body;
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: target,
      headers: {
        host: request.headers.host ?? 'localhost',
        accept: 'application/json',
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      ...(typeof body === 'string' ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      const text = headerValue(value);
      if (text !== undefined) headers.set(name, text);
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.body, { status: response.statusCode, headers });
  };
}

/**
 * Server rendering of the channel sites (architecture: the first screen comes in the HTML). The
 * renderer is the site's own module, loaded from the built site and reloaded when a build replaces
 * it; without one, pages start in the browser as before.
 */
export default fp<SiteRenderOptions>(
  async (app, options) => {
    const cacheMs = options.cacheMs ?? 5_000;
    const timeoutMs = options.timeoutMs ?? 3_000;
    const maxConcurrent = options.maxConcurrent ?? 4;
    let running = 0;
    // One renderer for every channel (the site is built once); kept by its file all the same.
    const renderers = new Map<string, Promise<Renderer>>();
    // One visitor key per channel for all its renders, not one per page view.
    const storages = new Map<number, KeyValueStorage>();
    const pages = new Map<string, { at: number; page: Promise<RenderedPage | null> }>();
    // A changed schedule or catalog is in the next first screen, not one rendered before it.
    const unsubscribe = app.dataChanged.on(() => pages.clear());
    app.addHook('onClose', async () => unsubscribe());

    async function rendererOf(sitesDir: string): Promise<Renderer | null> {
      const file = join(sitesDir, '.ssr', 'entry-server.js');
      const known = renderers.get(file);
      if (known) return known;
      if (!(await isFile(file))) return null;
      // Loaded once per process, by its own address: its lazy chunks import it back by that address,
      // and a second copy of the module would register the site's api twice. A rebuilt site
      // therefore needs a restart of the server, as its new index.html needs the new renderer.
      const renderer = import(pathToFileURL(file).href) as Promise<Renderer>;
      renderers.set(file, renderer);
      return renderer;
    }

    async function renderNow(request: FastifyRequest, renderer: Renderer, channel: LoadedChannel): Promise<RenderedPage | null> {
      let storage = storages.get(channel.id);
      if (!storage) {
        storage = memoryStorage();
        storages.set(channel.id, storage);
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => {
          request.log.warn({ url: redactUrl(request.url) }, 'the page took too long to render on the server; it starts in the browser');
          resolve(null);
        }, timeoutMs);
      });
      try {
        return await Promise.race([renderer.render({ url: request.url, fetch: inProcessFetch(app, request), storage, channel: sitePageChannel(channel) }), timeout]);
      } catch (error) {
        request.log.error({ err: error, url: redactUrl(request.url) }, 'the page could not be rendered on the server; it starts in the browser');
        return null;
      } finally {
        clearTimeout(timer);
      }
    }

    app.decorate('renderSitePage', async (request: FastifyRequest, sitesDir: string, channel: LoadedChannel) => {
      const renderer = await rendererOf(sitesDir).catch((error: unknown) => {
        request.log.error({ err: error }, 'the site renderer could not be loaded');
        return null;
      });
      if (!renderer) return null;
      // Every render is a visitor's page, the same for every viewer of a channel and URL: reused
      // for a few seconds, and one render serves the requests that arrive while it runs. The
      // channel's version is in the key: a page rendered before an edit of the channel is not reused.
      const key = `${channel.id}\n${channelVersion(channel)}\n${request.url}`;
      const now = Date.now();
      const cached = pages.get(key);
      if (cached && now - cached.at < cacheMs) return cached.page;
      if (running >= maxConcurrent) return null;
      running += 1;
      const page = renderNow(request, renderer, channel).finally(() => {
        running -= 1;
      });
      pages.delete(key);
      pages.set(key, { at: now, page });
      if (pages.size > CACHE_ENTRIES) pages.delete(pages.keys().next().value as string);
      return page;
    });
  },
  { name: 'site-render', dependencies: ['buses'] },
);
