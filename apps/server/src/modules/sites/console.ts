import { readFile, stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LoadedChannel } from '../../core/channels/loadChannels.ts';
import { cspNonce } from '../../core/security.ts';
import { scriptJson } from './pageChannel.ts';
import { isFile, resolveInside } from './static.ts';

export interface ConsoleSiteOptions {
  /** The control room's one build (`CONSOLE_DIR`): `index.html` and `assets/`, made with base `/console/`. */
  consoleDir: string;
}

export const CONSOLE_BUILD_COMMAND = 'pnpm --filter @grandstand/console-app build';
/** The id of the JSON script that tells the one build which channel's host it was served on. */
export const CONSOLE_CHANNEL_SCRIPT_ID = 'grandstand-console-channel';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** index.html as built, kept while its file is unchanged (a rebuild replaces it). */
let cached: { file: string; mtimeMs: number; html: string } | null = null;

async function readPage(file: string): Promise<string> {
  const { mtimeMs } = await stat(file);
  if (cached?.file === file && cached.mtimeMs === mtimeMs) return cached.html;
  const html = await readFile(file, 'utf8');
  cached = { file, mtimeMs, html };
  return html;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The control room's page for the host's channel: its language, name and fallback colours written
 * in (the first frame is the channel's, from one build for every channel), and this answer's style
 * nonce in `<meta property="csp-nonce">` for styled-components, as the site's page has it.
 */
async function sendPage(reply: FastifyReply, consoleDir: string, channel: LoadedChannel) {
  const nonce = cspNonce(reply);
  const { slug, name, language, fallbackColors } = channel.config;
  const colors = fallbackColors;
  const values: Record<string, string> = {
    '%CHANNEL_LANG%': language,
    '%CHANNEL_NAME%': name,
    '%BODY_BACKGROUND%': colors['body-background'],
    '%BODY_TEXT%': colors['body-text-color'],
  };
  // Replaced by functions: a `$&` or `$'` in a channel's name is text, not a replacement pattern.
  const html = (await readPage(join(consoleDir, 'index.html')))
    .replace('<head>', `<head>\n    <meta property="csp-nonce" nonce="${nonce}" />`)
    .replaceAll('<style>', `<style nonce="${nonce}">`)
    .replace(/%(?:CHANNEL_LANG|CHANNEL_NAME|BODY_BACKGROUND|BODY_TEXT)%/g, (placeholder) => escapeHtml(values[placeholder] ?? ''))
    .replace(
      '<div id="root"></div>',
      () => `<div id="root"></div>\n    <script type="application/json" id="${CONSOLE_CHANNEL_SCRIPT_ID}">${scriptJson({ slug, name, language, fallbackColors })}</script>`,
    );
  // no-cache without a validator: every load fetches the page again, with a fresh nonce. An
  // operator's screens have no business in a search engine.
  return reply.header('cache-control', REVALIDATE).header('x-robots-tag', 'noindex, nofollow').type('text/html; charset=utf-8').send(html);
}

/**
 * Serves the control room (architecture: apps/console at /console) on every channel's host from
 * its one build: hashed `/console/assets/*` are immutable, a missing one is a 404 (never the page,
 * which cached as a script would break the console for a year), any other path under `/console`
 * that is not a file gets the page (history mode). The answers carry the site's security headers
 * and policy (core/security.ts, `site`: never framed).
 */
export default fp<ConsoleSiteOptions>(
  async (app, options) => {
    const consoleDir = normalize(options.consoleDir);

    const serveConsole = async (request: FastifyRequest, reply: FastifyReply) => {
      const channel = request.hostChannel;
      if (!channel) return reply.callNotFound();
      if (!(await isFile(join(consoleDir, 'index.html')))) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(`The control room is not built yet. Build it with: ${CONSOLE_BUILD_COMMAND}\n`);
      }
      const path = (request.url.split('?')[0] ?? '').slice('/console'.length);
      const file = resolveInside(consoleDir, path);
      const relative = file !== null && file !== consoleDir ? file.slice(consoleDir.length + 1) : null;
      if (file !== null && relative !== null && relative !== 'index.html' && (await isFile(file))) {
        reply.header('cache-control', relative.startsWith(`assets${sep}`) ? IMMUTABLE : REVALIDATE);
        return reply.sendFile(relative, consoleDir, { cacheControl: false });
      }
      if (path.startsWith('/assets/')) return reply.callNotFound();
      return sendPage(reply, consoleDir, channel);
    };
    app.get('/console', { config: { apiKey: false } }, serveConsole);
    app.get('/console/*', { config: { apiKey: false } }, serveConsole);
  },
  // static-sites registers @fastify/static (reply.sendFile) with pre-compressed copies.
  { name: 'console-site', dependencies: ['channel-by-host', 'security', 'static-sites'] },
);
