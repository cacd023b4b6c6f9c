// The architecture rules fire: each snippet is linted as a file of a real package, from that package's
// folder, as an editor there does.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');

async function lint(packageDir, file, code) {
  const cwd = join(repoRoot, packageDir);
  const eslint = new ESLint({ cwd, overrideConfigFile: join(here, 'index.js') });
  const [result] = await eslint.lintText(code, { filePath: join(cwd, file) });
  return result.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}

describe('architecture lint rules', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const messages = await lint('packages/features/commerce', 'src/x.ts', "export { authRoutes } from '@grandstand/auth';\n");
    expect(messages).toEqual([
      expect.objectContaining({ ruleId: 'no-restricted-imports', message: expect.stringContaining('A feature does not import another feature') }),
    ]);
  });

  it('lets a feature import the layers below it', async () => {
    const messages = await lint('packages/features/commerce', 'src/x.ts', "export { Button } from '@grandstand/ui';\nexport { api } from '@grandstand/store';\n");
    expect(messages).toEqual([]);
  });

  it('lets an app compose the features', async () => {
    const messages = await lint('apps/web', 'src/x.ts', "export * from '@grandstand/auth';\nexport * from '@grandstand/commerce';\n");
    expect(messages).toEqual([]);
  });

  it("refuses a deep import into a package's src/", async () => {
    const messages = await lint('apps/web', 'src/x.ts', "export { createChannelTheme } from '@grandstand/ui/src/theme.ts';\n");
    expect(messages).toEqual([
      expect.objectContaining({ ruleId: 'no-restricted-imports', message: expect.stringContaining('Import the package entry point') }),
    ]);
  });

  it('refuses a relative import reaching into another package', async () => {
    const messages = await lint('packages/features/commerce', 'src/x.ts', "export * from '../../../ui/src/index.ts';\n");
    expect(messages).toEqual([expect.objectContaining({ ruleId: 'import-x/no-relative-packages' })]);
  });

  it('lets a package import its own files relatively', async () => {
    const messages = await lint('packages/features/commerce', 'src/x.ts', "export * from './index.ts';\n");
    expect(messages).toEqual([]);
  });
});

describe("the server's one-way imports", { timeout: 60_000 }, () => {
  const refused = expect.objectContaining({ ruleId: 'import-x/no-restricted-paths' });

  it('refuses core importing a module', async () => {
    expect(await lint('apps/server', 'src/core/x.ts', "export { clipsMigrations } from '../modules/clips/migration.ts';\n")).toEqual([refused]);
  });

  it('refuses a module importing a module above it', async () => {
    expect(await lint('apps/server', 'src/modules/accounts/x.ts', "export { withClipCounters } from '../clips/profile.ts';\n")).toEqual([refused]);
    expect(await lint('apps/server', 'src/modules/commerce/x.ts', "import type { EventFilter } from '../events/repository.ts';\nexport type { EventFilter };\n")).toEqual([refused]);
  });

  it('refuses core or a module importing the composition root', async () => {
    expect(await lint('apps/server', 'src/modules/vod/x.ts', "import type { BuildAppOptions } from '../../app.ts';\nexport type { BuildAppOptions };\n")).toEqual([refused]);
    expect(await lint('apps/server', 'src/core/media/x.ts', "export { loadConfig } from '../../config.ts';\n")).toEqual([refused]);
    expect(await lint('apps/server', 'src/modules/geo/x.ts', "export const load = () => import('../../cli.ts');\n")).toEqual([refused]);
  });

  it('lets a module import core and the modules below it, and the composition root import them all', async () => {
    const down = "export { fail } from '../accounts/helpers.ts';\nexport { loadEntitlements } from '../commerce/entitlements.ts';\nexport { signedTokens } from '../../core/tokens.ts';\n";
    expect(await lint('apps/server', 'src/modules/clips/x.ts', down)).toEqual([]);
    expect(await lint('apps/server', 'src/modules/clips/y.ts', "export { capabilitiesOf } from './rules.ts';\n")).toEqual([]);
    expect(await lint('apps/server', 'src/x.ts', "export { clipsMigrations } from './modules/clips/migration.ts';\nexport { buildApp } from './app.ts';\n")).toEqual([]);
  });

  it("lets a module's tests build the whole app, and only its tests", async () => {
    const whole = "export { buildApp } from '../../app.ts';\nexport { seedChannel } from '../channels/seed.ts';\n";
    expect(await lint('apps/server', 'src/modules/clips/clips.test.ts', whole)).toEqual([]);
    expect(await lint('apps/server', 'src/modules/clips/clipsTesting.ts', whole)).toEqual([refused, refused]);
  });
});

describe('styled templates', { timeout: 60_000 }, () => {
  const styled = (body) => `import styled from 'styled-components';\nexport const Box = styled.div<{ $on: boolean }>\`\n${body}\n\`;\n`;

  it('refuse a theme token read through a function of the theme', async () => {
    const body = ['  padding: ${({ theme }) => theme.space.md};', '  color: ${({ theme }) => theme.colors.link};', '  font-size: ${({ theme }) => theme.font.sizes.lg};'];
    const messages = await lint('packages/ui', 'src/x.tsx', styled(body.join('\n')));
    expect(messages).toEqual(body.map(() => expect.objectContaining({ ruleId: 'no-restricted-syntax', message: expect.stringContaining('through its CSS variable') })));
  });

  it('take the variable, a media query of the theme, and styles that depend on a prop', async () => {
    const body = [
      '  padding: var(--gs-space-md);',
      '  ${({ theme }) => theme.media.md} { padding: var(--gs-space-lg); }',
      "  color: ${({ $on }) => ($on ? 'var(--gs-link)' : 'inherit')};",
      '  gap: ${({ theme, $on }) => theme.space[$on ? "md" : "sm"]};',
    ].join('\n');
    expect(await lint('packages/ui', 'src/x.tsx', styled(body))).toEqual([]);
  });
});

// Not lint, but the same architecture: the wire contract and the transport run in Node (the server,
// the build) as well as in the browser, so they compile without the DOM's types.
describe('packages that run outside the browser', () => {
  it.each(['packages/contract', 'packages/api-client'])('%s compiles without the DOM lib', async (packageDir) => {
    const { default: ts } = await import('typescript');
    const configFile = join(repoRoot, packageDir, 'tsconfig.json');
    const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configFile));
    expect(options.lib?.length).toBeGreaterThan(0);
    expect(options.lib?.filter((lib) => /dom/i.test(lib))).toEqual([]);
  });
});
