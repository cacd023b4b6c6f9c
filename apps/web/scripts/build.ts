// Builds the site once per channel into dist/<slug>/, and its server renderer into
// dist/.ssr/<slug>/ (outside the served folder: a slug has no dot). GRANDSTAND_CHANNEL (one slug) or
// GRANDSTAND_CHANNELS (comma-separated) narrows it; turbo declares both so a cached build of one
// channel is never reused for another.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { readChannels } from '@grandstand/contract/node';
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

const requested = process.env.GRANDSTAND_CHANNEL ?? process.env.GRANDSTAND_CHANNELS;
const only = requested ? requested.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
const slugs = readChannels(channelsDir, { only }).map((channel) => channel.config.slug);
const configFile = new URL('../vite.config.ts', import.meta.url).pathname;

for (const slug of slugs) {
  process.stdout.write(`building the site of channel "${slug}"\n`);
  // vite.config.ts reads the channel from the environment each time it is loaded.
  process.env.GRANDSTAND_CHANNEL = slug;
  await build({ configFile, mode: 'production', logLevel: 'warn' });
  precompress(new URL(`../dist/${slug}`, import.meta.url).pathname);
  // The first screen in the HTML (architecture): the reference server imports this module and
  // renders a page with it. Bundled whole, so the server needs none of the site's dependencies.
  await build({
    configFile,
    mode: 'production',
    logLevel: 'warn',
    ssr: { noExternal: true, target: 'node' },
    // The bundled libraries (React, Redux Toolkit) choose their production builds by this.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { ssr: 'src/entry-server.tsx', outDir: `dist/.ssr/${slug}`, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
  });
}
