// Builds tiny sites with Vite and reports what the clip control costs each (min+gz):
//   baseline – React and one lazy import, what every route table already carries;
//   routes – a route table that names LazyClipAction and registers clipsWatchNamespace, as apps/web
//            does: its entry chunk must hold none of the control, the editor or their calls;
//   watch  – renders the lazy control: the Clip button and the editor must come as chunks of their
//            own, the editor apart from the button.
// Exits non-zero if a promise is broken. Run: pnpm size
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dir = path.join(root, 'node_modules/.cache/clips-size');
const entryPath = path.join(root, 'src/index.ts');
const fixtures = {
  // What any route table pays anyway (React), to read the routes fixture against.
  baseline: `import { lazy } from 'react';\nconsole.log(lazy(() => import('react-dom/client')));\n`,
  routes: `import { LazyClipAction, clipsWatchNamespace } from '${entryPath}';\nconsole.log(LazyClipAction, clipsWatchNamespace);\n`,
  watch: `import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\nimport { LazyClipAction } from '${entryPath}';\ncreateRoot(document.body).render(createElement(LazyClipAction, {}));\n`,
};
/** Text only the Clip button's module has, and text only the editor's modules have. */
const BUTTON_MARK = 'aria-haspopup';
const EDITOR_MARK = '/clips/options';
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
let broken = false;
const entrySizes = {};

mkdirSync(dir, { recursive: true });
try {
  for (const [name, source] of Object.entries(fixtures)) {
    const entry = path.join(dir, `${name}.js`);
    writeFileSync(entry, source);
    const result = await build({ root, logLevel: 'silent', configFile: false, build: { write: false, minify: true, rollupOptions: { input: entry } } });
    const chunks = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output).filter((o) => o.type === 'chunk');
    console.log(`\n${name}:`);
    for (const chunk of chunks) {
      const gz = gzipSync(chunk.code, { level: 9 }).length;
      const marks = [chunk.code.includes(BUTTON_MARK) && 'Clip button', chunk.code.includes(EDITOR_MARK) && 'editor'].filter(Boolean).join(', ');
      console.log(`  ${chunk.isEntry ? 'entry' : 'lazy '} ${chunk.fileName.padEnd(44)} ${kib(gz).padStart(10)} gz${marks ? `  (${marks})` : ''}`);
      if (chunk.isEntry) entrySizes[name] = gz;
      if (chunk.isEntry && (chunk.code.includes(BUTTON_MARK) || chunk.code.includes(EDITOR_MARK))) broken = true;
      if (chunk.code.includes(BUTTON_MARK) && chunk.code.includes(EDITOR_MARK)) broken = true;
    }
    if (name === 'watch' && !chunks.some((c) => !c.isEntry && c.code.includes(EDITOR_MARK))) broken = true;
  }
  console.log(`\nthe route table pays ${entrySizes.routes - entrySizes.baseline} B gz over React for the clip control`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (broken) {
  console.error('\nThe clip control or its editor leaked into a chunk that must not carry it');
  process.exit(1);
}
