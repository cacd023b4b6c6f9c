import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '@grandstand/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LoadedChannel } from '../../core/channels/loadChannels.ts';
import { cspNonce } from '../../core/security.ts';
import { CHANNEL_LOGO_PATH, scriptJson, SITE_CHANNEL_SCRIPT_ID, sitePageChannel } from './pageChannel.ts';
import type { RenderedPage } from './render.ts';

export interface StaticSitesOptions {
  /**
   * Holds the site's one build, for every channel: `<sitesDir>/site/` (index.html and `assets/`),
   * and its server renderer in `<sitesDir>/.ssr/` (never served).
   */
  sitesDir: string;
}

/** The served folder of the build under the sites dir (the renderer sits beside it, in `.ssr`). */
export const SITE_FOLDER = 'site';

export const SITE_BUILD_COMMAND = 'pnpm --filter @grandstand/web build';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Whether `path` is a regular file (false when it is missing). */
export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file under `root` that a URL path names, or null when it would leave `root`. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = join(root, normalize(decoded));
  return path === root || path.startsWith(root + sep) ? path : null;
}

function sendFile(reply: FastifyReply, root: string, relative: string, cacheControl: string) {
  reply.header('cache-control', cacheControl);
  return reply.sendFile(relative, root, { cacheControl: false });
}

/** index.html as built, kept while its file is unchanged (a rebuild replaces it). */
const pages = new Map<string, { mtimeMs: number; html: string }>();

async function readPage(file: string): Promise<string> {
  const { mtimeMs } = await stat(file);
  const cached = pages.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.html;
  const html = await readFile(file, 'utf8');
  pages.set(file, { mtimeMs, html });
  return html;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An absolute address on the channel's public origin (never the request's Host: architecture). */
function absolute(origin: string, path: string): string {
  try {
    return new URL(path, `${origin}/`).href;
  } catch {
    return origin;
  }
}

/**
 * What the site's renderer may add to a page's share tags: a page a preview may frame to play the
 * page's video (a shared clip's `/share_embed/{id}/{uuid}`), root-relative, with its size.
 */
type ShareTags = RenderedPage['share'] & { player?: { url: string; width: number; height: number } | null };

/**
 * The page's head for link previews (spec §2 share links): title, description, canonical address
 * and the Open Graph and Twitter card tags, readable without JavaScript.
 *
 * A video page (a shared clip) is `og:type` video.other with its poster frame as `og:image`, and,
 * when it has an embeddable player, a Twitter `player` card framing that page (`twitter:player`,
 * which X plays inline; it wants an HTTPS public origin and a page other sites may frame, as the
 * embed routes are). No `og:video`: the services that read it play only a direct MP4 file (none
 * takes HLS, and Facebook no longer plays framed players of other sites), while a clip's MP4 is
 * served only through a signed download link that counts against the viewer's downloads. Those
 * services show the large poster card instead.
 */
function shareHead(page: RenderedPage, origin: string, path: string): string {
  const share: ShareTags = page.share;
  const player = share.player ?? null;
  let card = share.image ? 'summary_large_image' : 'summary';
  if (player) card = 'player';
  const tags: [string, string, string][] = [
    ['property', 'og:type', share.type],
    ['property', 'og:title', share.title],
    ['property', 'og:description', share.description],
    ['property', 'og:url', absolute(origin, path)],
    ['name', 'twitter:card', card],
    ['name', 'twitter:title', share.title],
    ['name', 'twitter:description', share.description],
  ];
  if (share.image) {
    tags.push(['property', 'og:image', absolute(origin, share.image)], ['name', 'twitter:image', absolute(origin, share.image)]);
  }
  if (player) {
    tags.push(
      ['name', 'twitter:player', absolute(origin, player.url)],
      ['name', 'twitter:player:width', String(player.width)],
      ['name', 'twitter:player:height', String(player.height)],
    );
  }
  return [
    `<link rel="canonical" href="${escapeHtml(absolute(origin, path))}" />`,
    ...tags.map(([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeHtml(content)}" />`),
  ].join('\n    ');
}

/** The favicon link of a channel's page: its logo (an SVG or PNG), or none. */
function faviconLink(channel: LoadedChannel, href: string | null): string {
  const file = channel.config.logo;
  if (!file || !href) return '';
  const type = file.endsWith('.png') ? 'image/png' : 'image/svg+xml';
  return `<link rel="icon" href="${escapeHtml(href)}" type="${type}" />`;
}

/**
 * The built page for one channel (spec §1: a channel's language and look come from server
 * settings; the site is built once for every channel): its language, name, description, fallback
 * colours (the first frame, before the colour settings arrive) and favicon, and the script that
 * names the channel to the site (apps/web/src/channel.ts).
 */
export function withChannel(html: string, channel: LoadedChannel): string {
  const pageChannel = sitePageChannel(channel);
  const colors = pageChannel.fallbackColors;
  const values: Record<string, string> = {
    '%CHANNEL_LANG%': pageChannel.language,
    '%CHANNEL_NAME%': pageChannel.name,
    '%CHANNEL_DESCRIPTION%': pageChannel.description || pageChannel.name,
    '%BODY_BACKGROUND%': colors['body-background'],
    '%BODY_TEXT%': colors['body-text-color'],
    '%HEADER_BACKGROUND%': colors['header-background'],
  };
  // Replaced by functions: a `$&` or `$'` in a channel's name is text, not a replacement pattern.
  return html
    .replace(/%(?:CHANNEL_LANG|CHANNEL_NAME|CHANNEL_DESCRIPTION|BODY_BACKGROUND|BODY_TEXT|HEADER_BACKGROUND)%/g, (placeholder) => escapeHtml(values[placeholder] ?? ''))
    .replace(/<link rel="icon" [^>]*>/, () => faviconLink(channel, pageChannel.logo))
    .replace('<div id="root"></div>', () => `<div id="root"></div>\n    <script type="application/json" id="${SITE_CHANNEL_SCRIPT_ID}">${scriptJson(pageChannel)}</script>`);
}

/** index.html with the server's first screen in it: markup, its styles, its data and the share tags. */
function withFirstScreen(html: string, page: RenderedPage, nonce: string, origin: string, path: string): string {
  const styles = page.styles.replaceAll('<style ', `<style nonce="${nonce}" `);
  // Replaced by functions: a `$'` in an event's name or the markup is text, not a replacement pattern.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(page.share.description)}" />`)
    .replace('</head>', () => `    ${shareHead(page, origin, path)}\n    ${styles}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.html}</div>\n    <script type="application/json" id="grandstand-state">${page.state}</script>`,
    );
}

/**
 * The site's page with this answer's style nonce (core/security.ts): on the first-frame <style>
 * the build inlines, and in <meta property="csp-nonce">, from which styled-components puts it on
 * every <style> it creates. Sent whole each time (a nonce is never reused), not precompressed.
 */
async function sendPage(request: FastifyRequest, reply: FastifyReply, sitesDir: string, channel: LoadedChannel) {
  const nonce = cspNonce(reply);
  let html = withChannel(await readPage(join(sitesDir, SITE_FOLDER, 'index.html')), channel)
    .replace('<head>', `<head>\n    <meta property="csp-nonce" nonce="${nonce}" />`)
    .replaceAll('<style>', `<style nonce="${nonce}">`);
  const page = request.method === 'GET' ? await request.server.renderSitePage(request, sitesDir, channel) : null;
  if (page) html = withFirstScreen(html, page, nonce, request.server.channels.publicOrigin(channel.id), request.url);
  // no-cache without a validator: every use fetches the page again, with a fresh nonce.
  reply.header('cache-control', REVALIDATE).header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  // A server-rendered page is tens of kilobytes of markup and data: compressed for the browsers that
  // accept it (a phone on a slow network waits for every byte of it before the first paint).
  const encoding = pageEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}

/** What a suspended channel's site says (in its language; English for any other). */
const SUSPENDED_TEXTS: Record<string, { title: string; body: string }> = {
  en: { title: 'This channel is suspended.', body: 'Its games and videos are not available for now.' },
  fr: { title: 'Cette chaîne est suspendue.', body: 'Ses matchs et ses vidéos ne sont pas disponibles pour le moment.' },
};

/**
 * A suspended channel's every page: a short page that says so, in its name, language and first-frame
 * colours, and no site (no player, no stream, no checkout). 503: the channel is away, not gone, and
 * a crawler keeps its pages for when it is restored.
 */
function sendSuspendedPage(reply: FastifyReply, channel: LoadedChannel) {
  const pageChannel = sitePageChannel(channel);
  const texts = SUSPENDED_TEXTS[pageChannel.language] ?? SUSPENDED_TEXTS.en!;
  const colors = pageChannel.fallbackColors;
  const nonce = cspNonce(reply);
  const html = `<!doctype html>
<html lang="${escapeHtml(pageChannel.language)}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(pageChannel.name)}</title>
    <style nonce="${nonce}">
      body { margin: 0; min-height: 100vh; display: grid; place-content: center; text-align: center; padding: 1rem; font-family: system-ui, sans-serif; background: ${escapeHtml(colors['body-background'])}; color: ${escapeHtml(colors['body-text-color'])}; }
      h1 { font-size: 1.5rem; }
    </style>
  </head>
  <body>
    <main>
      <p>${escapeHtml(pageChannel.name)}</p>
      <h1>${escapeHtml(texts.title)}</h1>
      <p>${escapeHtml(texts.body)}</p>
    </main>
  </body>
</html>
`;
  return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** The encoding of a page for an Accept-Encoding header: brotli, then gzip, unless refused with q=0. */
export function pageEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Whether the build wrote a source map beside a script, remembered per file (a built asset never changes). */
const sourceMaps = new Map<string, boolean>();
async function hasSourceMap(script: string): Promise<boolean> {
  let known = sourceMaps.get(script);
  if (known === undefined) {
    known = await isFile(`${script}.map`);
    // A rebuild names its files anew: the map holds what one server run has seen, a few hundred at most.
    if (sourceMaps.size > 5000) sourceMaps.clear();
    sourceMaps.set(script, known);
  }
  return known;
}

/**
 * Serves the site's one build on every channel's host (architecture: one server, many sites), the
 * host's channel written into each page: hashed
 * `/assets/*` are immutable, `index.html` is revalidated on every load, and any other GET that is
 * not /api, not /media and not a file gets the channel's index.html (spec §2: history mode). A
 * script's source map is named in a `SourceMap` header (browsers' developer tools and error
 * trackers read it), not in a comment at the script's end: the build leaves the comment out
 * (`sourcemap: 'hidden'`), which every viewer downloaded in every script.
 */
export default fp<StaticSitesOptions>(
  async (app, options) => {
    const sitesDir = normalize(options.sitesDir);
    const siteRoot = join(sitesDir, SITE_FOLDER);
    // Every sendFile names its root (the channel's site or folder), so a missing sites dir is not an error here.
    // The site build writes .br and .gz beside each file; they are sent to browsers that accept them.
    await app.register(fastifyStatic, { root: sitesDir, serve: false, decorateReply: true, suppressWarning: true, preCompressed: true });

    app.get(CHANNEL_LOGO_PATH, { config: { apiKey: false } }, async (request, reply) => {
      const channel = request.hostChannel;
      // The logo is one of the channel's files (its folder's, or the owner's upload), kept on disk
      // by content in the media dir (core/media/pictures.ts): no folder of the channel's, no query.
      const file = channel?.config.logo ? request.server.pictures.files.path(channel.id, channel.config.logo) : null;
      if (!file) {
        const body: ApiErrorBody = { message: 'This channel has no logo.', field: 'url' };
        return reply.code(404).send(body);
      }
      return sendFile(reply, dirname(file), basename(file), 'public, max-age=3600');
    });

    const site = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path === '/api' || path.startsWith('/api/') || path === '/media' || path.startsWith('/media/')) return reply.callNotFound();
      const channel = request.hostChannel;
      if (!channel) return reply.callNotFound();
      if (channel.status === 'suspended') return sendSuspendedPage(reply, channel);
      if (!(await isFile(join(siteRoot, 'index.html')))) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(`The site is not built yet. Build it with: ${SITE_BUILD_COMMAND}\n`);
      }
      const file = resolveInside(siteRoot, path);
      if (file !== null && (await isFile(file))) {
        const relative = file.slice(siteRoot.length + 1);
        if (relative === 'index.html') return sendPage(request, reply, sitesDir, channel);
        const cache = relative.startsWith(`assets${sep}`) ? IMMUTABLE : REVALIDATE;
        if (relative.endsWith('.js') && (await hasSourceMap(file))) reply.header('sourcemap', `/${relative.split(sep).join('/')}.map`);
        return sendFile(reply, siteRoot, relative, cache);
      }
      // A missing hashed asset is a 404, never index.html: an HTML page cached as an immutable
      // script would break the site for a year.
      if (path.startsWith('/assets/')) return reply.callNotFound();
      return sendPage(request, reply, sitesDir, channel);
    };
    app.get('/*', { config: { apiKey: false } }, site);
    // The embed pages are the only pages other sites may frame (spec §2: `/watch_embed/{id}`; a
    // shared clip's player, which link previews frame as their player card).
    app.get('/watch_embed/*', { config: { apiKey: false, csp: 'embed' } }, site);
    app.get('/share_embed/*', { config: { apiKey: false, csp: 'embed' } }, site);
  },
  { name: 'static-sites', dependencies: ['channel-by-host', 'security', 'site-render', 'pictures'] },
);
