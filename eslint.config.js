// One lint run for the whole repository (`pnpm lint`): every package follows the same rules
// (tooling/eslint-config), and one ESLint start-up reads them all. An editor finds this file from
// any package. What git ignores (builds, reports, the toolchain) is not source.
import config from '@grandstand/eslint-config';

export default [{ ignores: ['.toolchain/**', '**/.turbo/**', '**/test-results/**', '**/playwright-report/**'] }, ...config];
