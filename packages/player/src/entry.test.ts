import { describe, expect, it } from 'vitest';

/** Every source file of the package, as text (Vite's raw import), keyed by its path from src/. */
const sources = Object.fromEntries(
  Object.entries(import.meta.glob<string>('./**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })).map(([file, text]) => [file.replace(/^\.\//, ''), text]),
);

/** Static value imports (`import x from`, `export … from`, bare `import '…'`); type-only ones are erased. */
function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    if (!match[2] && match[4]) specifiers.push(match[4]);
  }
  return specifiers;
}

function resolve(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Every source file the entry reaches through static imports, with what each imports. */
function entryGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const source = sources[file];
    if (source === undefined) throw new Error(`${file} is imported but not found`);
    const imports = staticImports(source);
    graph.set(file, imports);
    for (const specifier of imports) if (specifier.startsWith('.')) visit(resolve(file, specifier));
  };
  visit('index.ts');
  return graph;
}

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
