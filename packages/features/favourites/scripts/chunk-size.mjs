// Builds tiny sites with Vite and reports their chunks (min+gz) and the favourites modules that load
// with the page (the libraries beside them, React, the store, i18next, styled-components, the router,
// the site carries anyway):
//   home     – what the site's shell uses for everyone (the follow control, the effects, the texts,
//              the profile route and link): its entry chunk must hold no favourites call;
//   all      – every export named, the calls included, as a logged-in page uses them.
// The logged-in follow button must come as a chunk of its own, with the calls.
// Exits non-zero if a promise is broken. Run: pnpm size
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dir = path.join(root, 'node_modules/.cache/favourites-size');
const entryPath = path.join(root, 'src/index.ts');
const homeNames = 'LazyFollowButton, FavouritesEffects, favouritesNamespace, favouritesProfileRoutes, FAVOURITES_PATHS, FavouritesSectionLabel';
const fixtures = {
  home: `import { ${homeNames} } from '${entryPath}';\nconsole.log(${homeNames});\n`,
  all: `import { ${homeNames}, favouritesApi } from '${entryPath}';\nconsole.log(${homeNames}, favouritesApi);\n`,
};
/** Text only the favourites calls have (the API's paths are spelt `favorite`, the site's `favourites`). */
const CALLS_MARK = '/favorite';
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
      console.log(`  ${withPage ? 'page ' : 'lazy '} ${chunk.fileName.padEnd(44)} ${kib(gz).padStart(10)} gz${calls ? '  (favourites calls)' : ''}`);
      if (name === 'home' && withPage && calls) broken = true;
    }
    const own = [...loaded].flatMap((chunk) => Object.entries(chunk.modules)).filter(([id]) => id.startsWith(path.join(root, 'src')));
    console.log(`  with the page: ${kib(pageGz)} gz in all; favourites' own modules ${own.reduce((sum, [, module]) => sum + module.renderedLength, 0)} B before minifying:`);
    for (const [id, module] of own) console.log(`    ${path.relative(root, id).padEnd(48)} ${String(module.renderedLength).padStart(6)} B`);
    // The logged-in button and the wish's follow: lazy chunks that carry the calls.
    if (name === 'home' && !chunks.some((c) => !loaded.has(c) && c.code.includes(CALLS_MARK))) broken = true;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (broken) {
  console.error('\nFavourites calls leaked into the entry a visitor loads, or the logged-in control lost its own chunk');
  process.exit(1);
}
