// One lint configuration for the repository. Not type-aware on purpose: `tsc` already checks types
// in the `typecheck` task, and type-aware linting would double the cost on a 2-core machine.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/storybook-static/**', '**/coverage/**', '**/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Packages are used through their exports maps only (style.md §1).
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@grandstand/*/src/*', '@grandstand/*/src'], message: 'Import the package entry point, not its src/.' }] },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
