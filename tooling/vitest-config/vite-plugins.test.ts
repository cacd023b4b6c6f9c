import { describe, expect, it } from 'vitest';
import { stripDynamicJsonImportAttributes } from './vite-plugins.ts';

const plugin = stripDynamicJsonImportAttributes();

describe('stripDynamicJsonImportAttributes', () => {
  it('drops the json attribute of a dynamic import in source modules', () => {
    const code = "const fr = () => import('./locales/fr.json', { with: { type: 'json' } });\nconst en = () => import(\"./en.json\",{with:{type:\"json\"},});";
    expect(plugin.transform(code, '/repo/packages/x/src/namespace.ts?v=1')?.code).toBe("const fr = () => import('./locales/fr.json');\nconst en = () => import(\"./en.json\");");
  });

  it('leaves static imports, other attributes, other files and unrelated code alone', () => {
    expect(plugin.transform("import en from './en.json' with { type: 'json' };", '/a.ts')).toBeNull();
    expect(plugin.transform("import('./styles.css', { with: { type: 'css' } })", '/a.ts')).toBeNull();
    expect(plugin.transform("import('./fr.json', { with: { type: 'json' } })", '/a.json')).toBeNull();
    expect(plugin.transform('const x = 1;', '/a.tsx')).toBeNull();
  });

  it('runs in the dev server only, before other transforms', () => {
    expect(plugin).toMatchObject({ apply: 'serve', enforce: 'pre' });
  });
});
