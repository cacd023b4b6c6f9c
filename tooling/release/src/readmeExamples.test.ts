import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExamples, extractExamples, formatFailures, publishedReadmes } from './readmeExamples.ts';
import type { ExampleCheckResult } from './readmeExamples.ts';
import { publishedPackages, repoRoot } from './workspace.ts';

const scratch = mkdtempSync(join(tmpdir(), 'grandstand-readme-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function readme(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

describe('the published packages’ README examples', () => {
  let result: ExampleCheckResult;
  // One program over every README's blocks and the packages' sources: seconds alone, far more on a
  // machine busy with the other packages' tests.
  beforeAll(() => {
    result = checkExamples(publishedReadmes());
  }, 120_000);

  it('type-check as an app would compile them', () => {
    expect(formatFailures(result.failures)).toBe('');
  });

  it('are all checked but the ones listed here, and say how many opt out', () => {
    const optedOut = result.optedOut.map((example) => `${example.readme}:${example.line}`);
    console.info(`README examples: ${result.checked.length} checked, ${optedOut.length} opted out${optedOut.length ? ` (${optedOut.join(', ')})` : ''}`);
    const perReadme: Record<string, number> = {};
    for (const example of result.optedOut) perReadme[example.readme] = (perReadme[example.readme] ?? 0) + 1;
    // Every example compiles: none opts out.
    expect(perReadme).toEqual({});
  });

  it('show every published package in use: each README has at least one checked example', () => {
    const withExamples = new Set(result.checked.map((example) => resolve(repoRoot, example.readme)));
    const without = publishedPackages()
      .filter((pkg) => !withExamples.has(join(pkg.dir, 'README.md')))
      .map((pkg) => pkg.name);
    expect(without).toEqual([]);
  });

  it('leave no written modules behind', () => {
    expect(readdirSync(resolve(import.meta.dirname, '..')).filter((name) => name.startsWith('.readme-examples-'))).toEqual([]);
  });
});

describe('checkExamples', () => {
  it('fails a wrong call and names the README, the line and the compiler’s message', () => {
    const path = readme(
      'wrong.md',
      [
        '# A package',
        '',
        '```ts',
        "import { createChannelTheme } from '@grandstand/ui';",
        '',
        'export const theme = createChannelTheme(42);',
        '```',
        '',
      ].join('\n'),
    );
    const result = checkExamples([path], { relativeTo: scratch });
    expect(result.checked).toHaveLength(1);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ readme: 'wrong.md', line: 6, blockLine: 3 });
    expect(result.failures[0]?.message).toMatch(/^TS2345: Argument of type 'number'/);
    expect(formatFailures(result.failures)).toMatch(/^wrong\.md:6 \(block at line 3\): TS2345/);
  });

  it('fails a fragment that leans on names it does not import', () => {
    const path = readme('fragment.md', ['```tsx', 'const header = <Header channelName="x" items={[]} />;', '```', ''].join('\n'));
    const result = checkExamples([path], { relativeTo: scratch });
    expect(result.failures.map((failure) => failure.message).join('\n')).toMatch(/Cannot find name 'Header'/);
  });

  it('does not let one block borrow another block’s imports', () => {
    const path = readme(
      'two-blocks.md',
      [
        '```ts',
        "import { menuHref } from '@grandstand/ui';",
        'export { menuHref };',
        '```',
        '```ts',
        'export const href = menuHref;',
        '```',
        '',
      ].join('\n'),
    );
    const result = checkExamples([path], { relativeTo: scratch });
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ line: 6, blockLine: 5 });
  });

  it('passes a true example, JSX included, under strict settings', () => {
    const path = readme(
      'right.md',
      [
        '```tsx',
        "import type { MenuItem, Page } from '@grandstand/contract';",
        "import { Header, toNavItems } from '@grandstand/ui';",
        '',
        'export function Top({ menu, pages }: { menu: MenuItem[]; pages: Page[] }) {',
        '  return <Header channelName="Channel" homeHref="/" items={toNavItems(menu, pages)} navLabel="Main menu" menuButtonLabel="Menu" />;',
        '}',
        '```',
        '',
      ].join('\n'),
    );
    const result = checkExamples([path], { relativeTo: scratch });
    expect(formatFailures(result.failures)).toBe('');
    expect(result.checked).toHaveLength(1);
  });

  it('leaves out and counts a block marked no-check, and checks no other language', () => {
    const path = readme(
      'opt-out.md',
      ['```ts no-check', 'this is not TypeScript', '```', '', '```sh', 'pnpm add @grandstand/ui', '```', '', '```json', '{}', '```', ''].join('\n'),
    );
    const result = checkExamples([path], { relativeTo: scratch });
    expect(result.checked).toHaveLength(0);
    expect(result.optedOut).toHaveLength(1);
    expect(result.optedOut[0]).toMatchObject({ readme: 'opt-out.md', line: 1 });
    expect(result.failures).toEqual([]);
  });

  it('reports a README it cannot read instead of crashing', () => {
    const result = checkExamples([join(scratch, 'missing.md')], { relativeTo: scratch });
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]?.message).toMatch(/cannot be read/);
  });
});

describe('extractExamples', () => {
  it('finds ts and tsx blocks with the line of their fence, through longer fences and tildes', () => {
    const text = [
      'Intro', // 1
      '````md', // 2
      '```ts', // 3: inside a markdown block, not an example
      'nope', // 4
      '```', // 5
      '````', // 6
      '~~~tsx', // 7
      'const a = 1;', // 8
      '~~~', // 9
      '```typescript title="x"', // 10
      'const b = 2;', // 11
      '```', // 12
    ].join('\n');
    const examples = extractExamples(text, 'x.md');
    expect(examples.map((example) => [example.line, example.language, example.code])).toEqual([
      [7, 'tsx', 'const a = 1;'],
      [10, 'ts', 'const b = 2;'],
    ]);
  });

  it('keeps a block left open to the end of the file, as a renderer shows it', () => {
    expect(extractExamples('```ts\nconst a = 1;\n', 'x.md')).toHaveLength(1);
  });

  it('finds nothing in a README without code', () => {
    expect(extractExamples('# Title\n\nJust prose.\n', 'x.md')).toEqual([]);
  });
});
