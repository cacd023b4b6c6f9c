import { describe, expect, it } from 'vitest';
import { importGraph, reach, resolveImport, sourcesByPath, staticImports } from './importGraph.ts';

describe('the import graph', () => {
  it('follows static value imports and re-exports, not type-only or dynamic ones', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "export { c } from './c.ts';",
      "export type { D } from './d.ts';",
      "import './styles.ts';",
      "const lazy = () => import('./lazy.tsx');",
    ].join('\n');
    expect(staticImports(source)).toEqual(['./a.ts', './c.ts', './styles.ts']);
  });

  it('resolves relative specifiers, keeping a way out of the folder', () => {
    expect(resolveImport('follow/Button.tsx', '../api.ts')).toBe('api.ts');
    expect(resolveImport('Button.tsx', '../clipsApi.ts')).toBe('../clipsApi.ts');
    expect(resolveImport('a/b/c.ts', './d/e.ts')).toBe('a/b/d/e.ts');
  });

  it('reaches every file an entry imports statically, and names a missing one', () => {
    const sources = sourcesByPath({
      './index.ts': "export { x } from './x.ts';\nconst later = () => import('./heavy.ts');",
      './x.ts': "import en from './locales/en.json';\nimport { y } from '../shared.ts';",
      '../shared.ts': 'export const y = 1;',
      './heavy.ts': "import 'big-library';",
    });
    expect([...reach(sources, 'index.ts')]).toEqual(['index.ts', 'x.ts', 'locales/en.json', '../shared.ts']);
    expect(importGraph(sources, 'heavy.ts').get('heavy.ts')).toEqual(['big-library']);
    expect(() => reach({ 'a.ts': "import './missing.ts';" }, 'a.ts')).toThrow('missing.ts is imported but not found');
  });
});
