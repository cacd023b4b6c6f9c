// Builds tiny sites with Vite and reports their chunks (min+gz) and the vod modules that load with
// the page (the libraries beside them, React, the store, i18next, styled-components, the router,
// the site carries anyway):
//   home     – what the site's shell uses on every page (the header's search box, the texts, the
//              lazy routes, the paths): what loads with the page must hold no vod call;
//   all      – every export named, the calls included.
// The suggestions must come as a chunk of their own, with the calls.
// Exits non-zero if a promise is broken. Run: pnpm size
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dir = path.join(root, 'node_modules/.cache/vod-size');
const entryPath = path.join(root, 'src/index.ts');
const homeNames = 'HeaderSearch, vodNamespace, vodLibraryNamespace, vodRoutes, searchRoutes, VOD_PATHS';
const fixtures = {
  home: `import { ${homeNames} } from '${entryPath}';\nconsole.log(${homeNames});\n`,
  all: `import { ${homeNames}, vodApi } from '${entryPath}';\nconsole.log(${homeNames}, vodApi);\n`,
};
/** Text only the vod calls have (the API's paths; the site's are `/vod_library` and `/search`). */
const CALLS_MARK = '/vod-media';
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
let broken = false;

mkdirSync(dir, { recursive: true });
try {
  for (const [name, source] of Object.entries(fixtures)) {
    const entry = path.join(dir, `${name}.js`);
    writeFileSync(entry, source);
    const result = await build({ root, logLevel: 'silent', configFile: false, build: { write: false, minify: true, rollupOptions: { input: entry } } });
    const chunks = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output).filter((o) => o.type === 'chunk');
    // What loads with the page: the entry and every chunk it imports statically; the rest loads on demand.
    const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const loaded = new Set();
    const visit = (chunk) => {
      if (!chunk || loaded.has(chunk)) return;
      loaded.add(chunk);
      for (const file of chunk.imports) visit(byName.get(file));
    };
    for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
    console.log(`\n${name}:`);
    let pageGz = 0;
    for (const chunk of chunks) {
      const gz = gzipSync(chunk.code, { level: 9 }).length;
      const calls = chunk.code.includes(CALLS_MARK);
      const withPage = loaded.has(chunk);
      if (withPage) pageGz += gz;
      console.log(`  ${withPage ? 'page ' : 'lazy '} ${chunk.fileName.padEnd(44)} ${kib(gz).padStart(10)} gz${calls ? '  (vod calls)' : ''}`);
      if (name === 'home' && withPage && calls) broken = true;
    }
    const own = [...loaded].flatMap((chunk) => Object.entries(chunk.modules)).filter(([id]) => id.startsWith(path.join(root, 'src')));
    console.log(`  with the page: ${kib(pageGz)} gz in all; vod's own modules ${own.reduce((sum, [, module]) => sum + module.renderedLength, 0)} B before minifying:`);
    for (const [id, module] of own) console.log(`    ${path.relative(root, id).padEnd(48)} ${String(module.renderedLength).padStart(6)} B`);
    // The suggestions, the library and the results: lazy chunks that carry the calls.
    if (name === 'home' && !chunks.some((c) => !loaded.has(c) && c.code.includes(CALLS_MARK))) broken = true;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (broken) {
  console.error('\nVod calls leaked into what the home page loads, or the suggestions lost their own chunk');
  process.exit(1);
}
