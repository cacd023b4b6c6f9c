/**
 * Vite plugins for the dev servers (the site's `vite` and Storybook, whose stories also run as
 * tests in Chromium).
 */

/** The part of a Vite plugin these use, so this preset needs no Vite import of its own. */
export interface DevServerPlugin {
  name: string;
  apply: 'serve';
  enforce: 'pre';
  transform(code: string, id: string): { code: string; map: null } | null;
}

const DYNAMIC_JSON_IMPORT = /import\(\s*(['"][^'"\n]+\.json['"])\s*,\s*\{\s*with\s*:\s*\{\s*type\s*:\s*['"]json['"]\s*\}\s*,?\s*\}\s*\)/g;

/**
 * Feature texts load on demand with `import('./locales/fr.json', { with: { type: 'json' } })`: the
 * attribute Node needs. Vite's dev server turns the JSON into a JavaScript module but keeps the
 * attribute on dynamic imports (vitejs/vite#19095), so Chromium refuses the module ("Expected a JSON
 * module script") and every language but the bundled one fails to load in development. Builds are
 * not affected (the bundler inlines the JSON); this drops the attribute in development only.
 */
export function stripDynamicJsonImportAttributes(): DevServerPlugin {
  return {
    name: 'grandstand:strip-dynamic-json-import-attributes',
    apply: 'serve',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.split('?')[0] ?? '') || !code.includes('.json')) return null;
      const stripped = code.replace(DYNAMIC_JSON_IMPORT, 'import($1)');
      return stripped === code ? null : { code: stripped, map: null };
    },
  };
}
