// Builds the site once for every channel: the page and its scripts into dist/site/, its server
// renderer into dist/.ssr/ (outside the served folder). No channel is read to build it: the server
// writes the request's channel into each page and hands it to the renderer
// (apps/server/src/modules/sites). After the build, every channel folder's name and key are
// searched for in the whole output, and the build fails if one is there; so it does if a script of
// the site bundles zod.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { readChannels } from '@grandstand/contract/node';
import { findChannelLeaks } from './channelLeaks.ts';
import { channelsDir } from './channels.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Brotli and gzip copies beside every text file, made once at build so the server sends them
 * without compressing on each request (it serves them with @fastify/static's preCompressed).
 */
function precompress(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

const dist = new URL('../dist', import.meta.url).pathname;
const configFile = new URL('../vite.config.ts', import.meta.url).pathname;

// The whole folder anew: a per-channel site left by an older build would be served by no one but
// would still be searched below.
rmSync(dist, { recursive: true, force: true });
process.stdout.write('building the site (one build for every channel)\n');
await build({ configFile, mode: 'production', logLevel: 'warn' });
precompress(join(dist, 'site'));
// The first screen in the HTML (architecture): the reference server imports this module and
// renders a page with it, handing it the request's channel. Bundled whole, so the server needs none
// of the site's dependencies.
await build({
  configFile,
  mode: 'production',
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  // The bundled libraries (React, Redux Toolkit) choose their production builds by this.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { ssr: 'src/entry-server.tsx', outDir: 'dist/.ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false },
});

const channels = readChannels(channelsDir).map(({ config }) => ({ slug: config.slug, name: config.name, channelKey: config.channelKey }));
const leaks = findChannelLeaks(dist, channels);
if (leaks.length > 0) {
  for (const leak of leaks) process.stderr.write(`dist/${leak.file} holds the ${leak.found} of channel "${leak.slug}"\n`);
  process.stderr.write('The site is built once for every channel: a channel reaches the page from the server, never from the build.\n');
  process.exit(1);
}
process.stdout.write(`no channel's name or key in the build (${channels.length} channels searched)\n`);

// The site ships no schema library. A zod object schema tries `Function('')` once it is made, to
// see whether it may compile itself; the site's content policy forbids eval, so every page filed a
// violation report, and the library weighs on the first screen. A value the site needs from
// @grandstand/contract comes from its constants.ts, which holds no schema. Read from the scripts'
// (unreferenced) source maps.
const assets = join(dist, 'site');
const withSchemas = readdirSync(assets, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.js.map'))
  .filter((entry) => (JSON.parse(readFileSync(join(entry.parentPath, entry.name), 'utf8')) as { sources: string[] }).sources.some((source) => source.includes('/node_modules/zod/')))
  .map((entry) => entry.name.replace(/\.map$/, ''));
if (withSchemas.length > 0) {
  process.stderr.write(`zod is bundled into ${withSchemas.join(', ')}: import plain values from @grandstand/contract's constants.ts, or move them there\n`);
  process.exit(1);
}
process.stdout.write('no schema library in the site\'s scripts\n');
