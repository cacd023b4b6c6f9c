import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { stripDynamicJsonImportAttributes } from '@grandstand/vitest-config/vite-plugins';
import { defaultChannel } from '@grandstand/contract/node';
import { channelsDir } from './scripts/channels.ts';

/** The id of the JSON script that names the page's channel (src/channel.ts). */
const SITE_CHANNEL_ID = 'grandstand-site-channel';

/**
 * The dev server's page, which no reference server writes into: the default channel's name,
 * language and fallback colours, and the channel script the site reads, as the server writes them
 * (apps/server/src/modules/sites/static.ts). The build reads no channel: one build serves every
 * channel, and its index.html keeps the `%…%` placeholders for the server to fill in.
 */
function devChannelPlugin(): Plugin {
  return {
    name: 'grandstand-dev-channel',
    apply: 'serve',
    transformIndexHtml(html) {
      const channel = defaultChannel(channelsDir).config;
      const colors = channel.fallbackColors;
      const description = channel.description ?? '';
      const pageChannel = { slug: channel.slug, name: channel.name, language: channel.language, currency: channel.currency, fallbackColors: colors, description, logo: channel.logo ? '/channel-logo.svg' : null };
      return html
        .replaceAll('%CHANNEL_LANG%', () => channel.language)
        .replaceAll('%CHANNEL_NAME%', () => escapeHtml(channel.name))
        .replaceAll('%CHANNEL_DESCRIPTION%', () => escapeHtml(description || channel.name))
        .replaceAll('%BODY_BACKGROUND%', () => colors['body-background'])
        .replaceAll('%BODY_TEXT%', () => colors['body-text-color'])
        .replaceAll('%HEADER_BACKGROUND%', () => colors['header-background'])
        .replace('<div id="root"></div>', () => `<div id="root"></div>\n    <script type="application/json" id="${SITE_CHANNEL_ID}">${JSON.stringify(pageChannel).replace(/</g, '\\u003c')}</script>`);
    },
  };
}

/**
 * The page names one script, the one that imports the others: the browser fetches the framework
 * chunk once it has read that script, as it did when the entry had code of its own. With the start
 * grouped into chunks (below), the entry chunk is only imports, and Vite then lists each of them as a
 * script of the page; their downloads, the framework's 130 KB first, then start with the page's and
 * held its first paint back on a slow phone network (Lighthouse mobile, both homes: FCP 2.4 s with
 * the three scripts listed, 1.6 to 1.8 s with the entry alone).
 */
function entryScriptOnly(): Plugin {
  return {
    name: 'grandstand-entry-script-only',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const script = /<script type="module" crossorigin src="\/([^"]+)"><\/script>\s*/g;
        const listed = [...html.matchAll(script)].map((match) => match[1] ?? '');
        // A script another listed one imports statically is loaded by that one.
        const imported = new Set(listed.flatMap((file) => { const chunk = bundle[file]; return chunk?.type === 'chunk' ? chunk.imports : []; }));
        return html.replace(script, (tag, file: string) => (imported.has(file) ? '' : tag));
      },
    },
  };
}

/** The page's script in a built site: src/boot/boot.ts, and the module it imports (see bootScript). */
const BOOT = /[\\/]src[\\/]boot[\\/][^\\/]+\.ts$/;
const BOOT_ENTRY = fileURLToPath(new URL('./src/boot/boot.ts', import.meta.url));

/**
 * The built page's script is a small boot chunk, not the entry: it waits until the server's first
 * screen is painted (src/boot/firstScreenShown.ts), then imports the entry, which the page names in
 * the script's `data-entry`. Listed as it was, the entry's download and then the framework's (about
 * 120 KB gzip) began with the page's and shared a phone's bandwidth with the first screen's picture,
 * the largest paint. The boot chunk must import nothing: an import would be fetched before the wait.
 */
function bootScript(): Plugin {
  return {
    name: 'grandstand-boot-script',
    // The page's build only: the server renderer's has no page to put it in.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    buildStart() {
      this.emitFile({ type: 'chunk', id: BOOT_ENTRY, name: 'boot' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const boot = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.facadeModuleId === BOOT_ENTRY);
        if (boot?.type !== 'chunk') throw new Error('the build has no boot chunk');
        if (boot.imports.length > 0 || boot.dynamicImports.length > 0) throw new Error(`the boot chunk imports ${[...boot.imports, ...boot.dynamicImports].join(', ')}`);
        const scripts = [...html.matchAll(/<script type="module" crossorigin src="\/([^"]+)"><\/script>/g)];
        const [entry] = scripts;
        if (scripts.length !== 1 || !entry) throw new Error(`index.html names ${scripts.length} entry scripts, not one`);
        return html.replace(entry[0], `<script type="module" crossorigin src="/${boot.fileName}" data-entry="/${entry[1]}"></script>`);
      },
    },
  };
}

/**
 * The libraries the site starts on: React, the router, styled-components, i18next and Redux with
 * their own dependencies. The startup loads every one of them whatever the route, so they belong in
 * one chunk. Left to itself, rolldown cuts them by which lazy views share which part (the router
 * came out in two pieces, and a styled-components chunk named after ui's LinkProvider), and every
 * extra chunk costs the home route gzip and a request. Only libraries the startup needs are listed:
 * the player (shaka-player), dompurify and the other lazy views' libraries stay in their lazy chunks.
 */
const FRAMEWORK_PACKAGES: ReadonlySet<string> = new Set([
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'styled-components',
  'stylis',
  'i18next',
  'react-i18next',
  'react-redux',
  'use-sync-external-store',
  '@reduxjs/toolkit',
  '@standard-schema/utils',
  'redux',
  'redux-thunk',
  'immer',
  'reselect',
]);

/**
 * The modules that cut the framework chunk's evaluation into turns, and the helper they wait a turn
 * with: the libraries, then the site's own modules, evaluate in tasks of their own
 * (src/startup/frameworkEvaluated.ts says why).
 */
const FRAMEWORK_END = /[\\/]src[\\/](startup[\\/](frameworkEvaluated|stylesTakenOver|reactDomEvaluated)|scheduling[\\/]yieldToBrowser)\.ts$/;

/** The chunks every page has loaded once its start has run: the framework, the start and the bundler's runtime. */
const LOADED_AT_START = /(?:^|\/)(?:framework|startup|rolldown-runtime)-[^/]+\.js$/;

/** The modules of the `event-display` chunk (see its group). */
const EVENT_DISPLAY =
  /[\\/]packages[\\/](?:ui[\\/]src[\\/](?:Crest|Badge|Picture|Rail|Skeleton|EventCard)[\\/]|features[\\/]events[\\/]src[\\/](?:display|links|useCatalog|eventsApi|components[\\/]EventTile)\.tsx?$|i18n[\\/]src[\\/](?:format|intlCache|timeZones)\.ts$)/;

/** The npm package of a module id: the folder after its last node_modules (pnpm nests them). */
function packageName(id: string): string | undefined {
  const parts = id.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const name = parts[at + 1];
  return name?.startsWith('@') ? `${name}/${parts[at + 2]}` : name;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export default defineConfig(() => {
  const apiTarget = `http://localhost:${process.env.API_PORT ?? 8080}`;
  return {
    plugins: [react(), devChannelPlugin(), entryScriptOnly(), bootScript(), stripDynamicJsonImportAttributes()],
    build: {
      // No <link rel="modulepreload"> list in the page: the first screen comes rendered in the HTML,
      // and two dozen high-priority script downloads ahead of it held back its first paint and the
      // hero picture on a slow phone network (Lighthouse mobile: FCP 2.4 s with them, 0.85 s
      // without). The scripts load as the entry imports them, after the page is painted.
      // A lazy import still fetches its chunk's own imports alongside it: without that, a click on
      // a card loaded the watch page's code three round trips deep before asking for the event.
      // Its list leaves out the chunks the start has loaded before any lazy import can run: every
      // import named them, and the start's chunk carried their names in each list for nothing.
      modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps.filter((dep) => !LOADED_AT_START.test(dep))) },
      // One site for every channel (scripts/build.ts writes the server renderer beside it, in dist/.ssr).
      outDir: 'dist/site',
      emptyOutDir: true,
      target: 'es2022',
      // The maps are written, and the server names each in a SourceMap header rather than a comment
      // at the end of every script, which every viewer downloaded (about 40 bytes gzip a script).
      sourcemap: 'hidden',
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'framework', priority: 2, test: (id) => FRAMEWORK_PACKAGES.has(packageName(id) ?? '') || FRAMEWORK_END.test(id) },
              // The rest of what the entry imports statically (rolldown's `$initial` modules): the
              // shell, the route table, the store, the API client, the theme. Every page loads all of
              // it at once; left to itself the bundler cut it into some thirty chunks by which lazy
              // views also use each piece, and gzip starts over in each: 37.6 KB then, 34 KB as one.
              // A static import must not reach a view the site means to load lazily: a package entry
              // imported statically and lazily at once would bring all it exports into this chunk.
              // The entry module is in it too, and the views' chunks import it: so the entry must not
              // wait for a view's chunk at its top level, which would wait for the entry in turn.
              // The boot chunk is an entry too, but stays a chunk of its own: it loads before the others.
              { name: 'startup', priority: 1, tags: ['$initial'], test: (id) => !BOOT.test(id) },
              // What draws events, on the home and on every listing and watch page: ui's cards, rails,
              // crests, badges and pictures, the events feature's tiles and catalogue, and the date
              // and price formats. Left to itself rolldown made a dozen chunks of it by which views
              // share each piece, every one a request and a gzip of its own on the home page. ui's Page
              // stays out: every view has it, and with it the login page loaded all of this (7 KB).
              { name: 'event-display', test: (id) => EVENT_DISPLAY.test(id) },
            ],
          },
        },
      },
    },
    server: {
      // The dev site talks to a running reference server, as the built site does on one origin.
      proxy: {
        '/api': apiTarget,
        '/channel-key.json': apiTarget,
        '/channel-logo.svg': apiTarget,
        '/media': apiTarget,
        // A viewer's private calendar feed of their followed teams' games.
        '/calendar': apiTarget,
        // The sandbox card processor's own pages (the security step, the card portal) and the mail outbox.
        '/sandbox': apiTarget,
        '/outbox': apiTarget,
      },
    },
  };
});
