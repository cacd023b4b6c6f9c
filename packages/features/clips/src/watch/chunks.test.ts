import { reach as reachFrom, sourcesByPath } from '@grandstand/vitest-config/import-graph';
import { describe, expect, it } from 'vitest';

/**
 * The watch sources as text (Vite's raw import), keyed by their path from src/watch/, with the
 * package's shared calls and refusals beside them (`../clipsApi.ts`, `../refusals.ts`).
 */
const sources = sourcesByPath(
  import.meta.glob<string>(['./**/*.{ts,tsx}', '../clipsApi.ts', '../refusals.ts', '!./**/*.test.*', '!./**/*.stories.*', '!./test/**'], { query: '?raw', import: 'default', eager: true }),
);
/** Every watch file `entry` reaches through static imports (a dynamic `import()` is what makes a chunk). */
const reach = (entry: string) => reachFrom(sources, entry);

describe('what each page carries (heavy things load late)', () => {
  it('the site\'s route table carries only the lazy Clip control, none of the control itself', () => {
    expect([...reach('LazyClipAction.ts')]).toEqual(['LazyClipAction.ts']);
    expect(sources['LazyClipAction.ts']).toContain("import('./ClipAction.tsx')");
  });

  it('the watch page carries the Clip button, and the editor only once the viewer presses it', () => {
    const watchPage = reach('ClipAction.tsx');
    expect([...watchPage].filter((file) => file.startsWith('ClipEditor/') || file === 'clipsWatchApi.ts' || file === 'clipTime.ts' || file === '../clipsApi.ts' || file === '../refusals.ts')).toEqual([]);
    expect(sources['ClipAction.tsx']).toContain("import('./ClipEditor/ClipEditor.tsx')");
    expect(reach('ClipEditor/ClipEditor.tsx')).toContain('clipsWatchApi.ts');
  });
});
