// One lint configuration for the repository. Not type-aware on purpose: `tsc` already checks types
// in the `typecheck` task, and type-aware linting would double the cost on a 2-core machine.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// Packages are used through their exports maps only: the published package has no src/.
const noDeepImports = {
  group: ['@grandstand/*/src/*', '@grandstand/*/src'],
  message: 'Import the package entry point, not its src/.',
};

// The feature packages, read from the folder so a new feature is covered the day it is added.
const featuresDir = join(repoRoot, 'packages/features');
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => {
    try {
      const { name } = JSON.parse(readFileSync(join(featuresDir, entry.name, 'package.json'), 'utf8'));
      return [{ dir: entry.name, name }];
    } catch {
      return [];
    }
  });

// The server's modules, lowest first (docs/architecture.md, "The server"): a module imports core
// and the modules before it, never one after it; core imports no module; nothing imports the
// composition root (the files directly in src/: app.ts, cli.ts, config.ts…), which imports them all.
const SERVER_MODULES = ['geo', 'mail', 'forms', 'sites', 'catalog', 'media', 'accounts', 'operators', 'social', 'payments', 'commerce', 'analytics', 'reports', 'events', 'favourites', 'clips', 'vod', 'profile', 'schedule', 'live', 'channels', 'engagement'];
const serverSrc = 'apps/server/src';
const serverModulesOnDisk = readdirSync(join(repoRoot, serverSrc, 'modules'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
for (const { name } of serverModulesOnDisk) {
  if (!SERVER_MODULES.includes(name)) throw new Error(`${serverSrc}/modules/${name} has no place in the server's module order: add it to SERVER_MODULES in tooling/eslint-config/index.js`);
}
const serverRoot = readdirSync(join(repoRoot, serverSrc), { withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name))
  .map((entry) => `./${serverSrc}/${entry.name}`);
const serverZones = [
  { target: `./${serverSrc}/core`, from: [`./${serverSrc}/modules`, ...serverRoot], message: 'Core imports no module and not the composition root: what both need belongs in core.' },
  ...SERVER_MODULES.map((name, index) => ({
    target: `./${serverSrc}/modules/${name}`,
    from: [...SERVER_MODULES.slice(index + 1).map((higher) => `./${serverSrc}/modules/${higher}`), ...serverRoot],
    message: `Module ${name} imports core and the modules below it (${SERVER_MODULES.slice(0, index).join(', ') || 'none'}), never one above it nor the composition root: move the code down, or let the higher module register its part.`,
  })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/storybook-static/**', '**/coverage/**', '**/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [noDeepImports] }],
      // A relative path into another package (`../../ui/src/…`) skips its exports map just the same.
      'import-x/no-relative-packages': 'error',
      // A styled-components template is a string in the bundle, comments and all: a CSS comment in
      // one is shipped to every page that draws it. Its place is a JS comment beside the template.
      // A theme token is read through its CSS variable (`var(--gs-space-md)`): one function of the
      // theme in a template makes styled-components evaluate, hash and look the style up again at
      // each render of each element, where a style without one is computed once. Media queries
      // cannot read variables, so `theme.media` stays a function.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TaggedTemplateExpression > TemplateLiteral > TemplateElement[value.raw=/\\/\\*/]',
          message: 'No CSS comment in a styled template (it ships in the bundle): write it as a JS comment beside the template.',
        },
        {
          // theme.space.md, theme.colors.link, theme.font.family…
          selector:
            'TaggedTemplateExpression > TemplateLiteral > ArrowFunctionExpression[params.length=1][params.0.type="ObjectPattern"][body.type="MemberExpression"][body.computed=false][body.object.type="MemberExpression"][body.object.object.name="theme"]:not([body.object.property.name="media"])',
          message: "Read a theme token through its CSS variable (`var(--gs-space-md)`, see ui's themeToCssVariables), not a function of the theme.",
        },
        {
          // theme.font.sizes.lg, theme.font.weights.bold
          selector:
            'TaggedTemplateExpression > TemplateLiteral > ArrowFunctionExpression[params.length=1][params.0.type="ObjectPattern"][body.type="MemberExpression"][body.computed=false][body.object.type="MemberExpression"][body.object.object.type="MemberExpression"][body.object.object.object.name="theme"]',
          message: "Read a theme token through its CSS variable (`var(--gs-font-size-lg)`, see ui's themeToCssVariables), not a function of the theme.",
        },
      ],
    },
  },
  // A feature never imports another feature: what two features share moves down a layer (ui, store,
  // contract). Scoped from the repository root, as each package lints from its own folder.
  ...features.map(({ dir, name }) => ({
    basePath: repoRoot,
    files: [`packages/features/${dir}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepImports,
            {
              group: features.filter((other) => other.name !== name).flatMap((other) => [other.name, `${other.name}/*`]),
              message: 'A feature does not import another feature: move what both need down a layer (ui, store, contract).',
            },
          ],
        },
      ],
    },
  })),
  // The server's imports point one way: composition root → modules (in their order) → core.
  {
    basePath: repoRoot,
    files: [`${serverSrc}/**`],
    // A module's tests sit beside its code but stand where the composition root does: most build the
    // whole app (its routes answer through every module's plugins) and seed it through the channels.
    ignores: [`${serverSrc}/**/*.test.ts`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: serverZones }] },
  },
  {
    // Hooks live in .ts files too (useCheckout, useOffer, the store's hooks): the rules of hooks apply there as well.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
