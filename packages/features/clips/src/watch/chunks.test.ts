import { describe, expect, it } from 'vitest';

/**
 * The watch sources as text (Vite's raw import), keyed by their path from src/watch/, with the
 * package's shared calls beside them (`../clipsApi.ts`).
 */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['./**/*.{ts,tsx}', '../clipsApi.ts', '!./**/*.test.*', '!./**/*.stories.*', '!./test/**'], { query: '?raw', import: 'default', eager: true }),
  ).map(([file, text]) => [file.replace(/^\.\//, ''), text]),
);

/** Static value imports (type-only ones are erased); dynamic `import()` is what makes a chunk. */
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
    if (part === '..' && parts.length > 0 && parts.at(-1) !== '..') parts.pop();
    else if (part === '..') parts.push(part);
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Every watch file `entry` reaches through static imports. */
function reach(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const source = sources[file];
    if (source === undefined) throw new Error(`${file} is imported but not found`);
    seen.add(file);
    for (const specifier of staticImports(source)) if (specifier.startsWith('.')) visit(resolve(file, specifier));
  };
  visit(entry);
  return seen;
}

describe('what each page carries (heavy things load late)', () => {
  it('the site\'s route table carries only the lazy Clip control, none of the control itself', () => {
    expect([...reach('LazyClipAction.ts')]).toEqual(['LazyClipAction.ts']);
    expect(sources['LazyClipAction.ts']).toContain("import('./ClipAction.tsx')");
  });

  it('the watch page carries the Clip button, and the editor only once the viewer presses it', () => {
    const watchPage = reach('ClipAction.tsx');
    expect([...watchPage].filter((file) => file.startsWith('ClipEditor/') || file === 'clipsWatchApi.ts' || file === 'clipTime.ts' || file === '../clipsApi.ts')).toEqual([]);
    expect(sources['ClipAction.tsx']).toContain("import('./ClipEditor/ClipEditor.tsx')");
    expect(reach('ClipEditor/ClipEditor.tsx')).toContain('clipsWatchApi.ts');
  });
});
