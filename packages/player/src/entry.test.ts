import { importGraph, sourcesByPath } from '@grandstand/vitest-config/import-graph';
import { describe, expect, it } from 'vitest';

/** Every source file of the package, as text (Vite's raw import), keyed by its path from src/. */
const sources = sourcesByPath(import.meta.glob<string>('./**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }));
/** Every source file the entry reaches through static imports, with what each imports. */
const entryGraph = () => importGraph(sources, 'index.ts');

describe('the package entry', () => {
  it('reaches shaka-player through no static import, so importing the package costs no shaka bytes', () => {
    const graph = entryGraph();
    expect(graph.has('Player/Player.tsx')).toBe(true);
    expect(graph.has('engine/loadShaka.ts')).toBe(true);
    const offenders = [...graph].filter(([, imports]) => imports.some((s) => s.startsWith('shaka-player'))).map(([file]) => file);
    expect(offenders).toEqual([]);
  });

  it('loads shaka with a dynamic import of the HLS-only ES2021 build', () => {
    expect(sources['engine/loadShaka.ts']).toContain("import('shaka-player/dist/shaka-player.hls-es2021.js')");
  });
});

describe('the preload entry', () => {
  it("reaches only shaka's loader and the native-HLS check: no component, so its chunk is small and shaka is asked for at once", () => {
    const graph = importGraph(sources, 'preload.ts');
    expect([...graph.keys()].sort()).toEqual(['engine/loadShaka.ts', 'engine/native.ts', 'engine/types.ts', 'preload.ts']);
  });
});
