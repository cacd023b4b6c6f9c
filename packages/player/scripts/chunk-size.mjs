// Builds two tiny sites with Vite and reports what the player costs each (min+gz):
//   player   – mounts <Player>: shaka must come as its own chunk, not in the entry chunk;
//   controls – imports only PlayerControls and formatTime: no shaka at all.
// Exits non-zero if either promise is broken. Run: pnpm size
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// Inside the package, so the fixtures resolve react and shaka from its node_modules.
const dir = path.join(root, 'node_modules/.cache/player-size');
const entryPath = path.join(root, 'src/index.ts');
const fixtures = {
  player: `import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\nimport { Player } from '${entryPath}';\ncreateRoot(document.body).render(createElement(Player, { src: '/x.m3u8', live: false, title: 't', labels: {} }));\n`,
  controls: `import { PlayerControls, formatTime } from '${entryPath}';\nconsole.log(PlayerControls, formatTime(1));\n`,
};
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const SHAKA_MARK = 'shaka.util.';
let broken = false;

mkdirSync(dir, { recursive: true });
try {
  for (const [name, source] of Object.entries(fixtures)) {
    const entry = path.join(dir, `${name}.js`);
    writeFileSync(entry, source);
    const result = await build({
      root,
      logLevel: 'silent',
      configFile: false,
      build: { write: false, minify: true, rollupOptions: { input: entry } },
    });
    const chunks = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output).filter((o) => o.type === 'chunk');
    console.log(`\n${name}:`);
    for (const chunk of chunks) {
      const gz = gzipSync(chunk.code, { level: 9 }).length;
      const shaka = chunk.code.includes(SHAKA_MARK);
      console.log(`  ${chunk.isEntry ? 'entry' : 'lazy '} ${chunk.fileName.padEnd(44)} ${kib(gz).padStart(10)} gz${shaka ? '  (shaka)' : ''}`);
      if (chunk.isEntry && shaka) broken = true;
    }
    const lazyShaka = chunks.some((c) => !c.isEntry && c.code.includes(SHAKA_MARK));
    if (name === 'player' && !lazyShaka) broken = true;
    if (name === 'controls' && chunks.some((c) => c.code.includes(SHAKA_MARK))) broken = true;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (broken) {
  console.error('\nshaka-player is not kept in its own lazy chunk');
  process.exit(1);
}
