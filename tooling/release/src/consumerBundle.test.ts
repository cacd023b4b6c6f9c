import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bundledModules, installTarball, modulesOf } from './consumerBundle.ts';
import { publishedPackages, repoRoot } from './workspace.ts';

/**
 * The site ships no zod (the server validates; the client only types with the contract), and an
 * app built on the published packages must be able to do the same: the contract's plain values
 * (texts, limits, format checks) cost a browser bundle no schema code. They live in a module of
 * their own; were one of them beside a schema again, a bundler would have to keep that module's
 * top-level schema calls, and zod with them.
 */

/** Every plain value of the contract that the feature packages and the site import. */
const PLAIN_VALUES = [
  'AUTH_MESSAGES',
  'CHANNEL_KEY_FILE',
  'checkCustomForm',
  'checkCustomFormField',
  'CLIP_MESSAGES',
  'customFormMaxLength',
  'emptyCustomFormValues',
  'FAVORITE_MESSAGES',
  'isValidEmail',
  'KEY_FIELDS',
  'KEY_INVALID_MESSAGE',
  'KEY_INVALID_STATUS',
  'ORDER_POLL_INTERVAL_MS',
  'PASSWORD_MAX_LENGTH',
  'PASSWORD_MIN_LENGTH',
  'VOD_CARD_MAX_WIDTH',
  'VOD_CARD_MIN_WIDTH',
  'VOD_MESSAGES',
  'VOD_RAIL_INTERVAL_MS',
  'VOD_SEARCH_DEFAULT_LIMIT',
];

describe('a browser bundle of the published contract', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'grandstand-consumer-bundle-'));
  const app = join(scratch, 'app');
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  beforeAll(async () => {
    const contract = publishedPackages().find((pkg) => pkg.name === '@grandstand/contract')!;
    // Packed once for the run (src/packOnce.ts).
    const tarball = inject('packedTarballs')[contract.name]!;
    await installTarball(tarball, contract.name, app, {
      zod: realpathSync(join(repoRoot, 'packages/contract/node_modules/zod')),
    });
  }, 60_000);

  it('keeps no zod for the plain values and types', async () => {
    const modules = await bundledModules(
      app,
      [
        `import { ${PLAIN_VALUES.join(', ')} } from '@grandstand/contract';`,
        // A type import, as the features make of nearly everything else: erased, it costs nothing.
        `/** @type {import('@grandstand/contract').Clip | null} */ const clip = null;`,
        `console.log(${PLAIN_VALUES.join(', ')}, clip, isValidEmail('fan@example.com'));`,
      ].join('\n'),
    );
    // The bundle is built from the tarball's dist, and holds what was asked for.
    expect(modulesOf(modules, '@grandstand/contract').some((id) => id.endsWith('/dist/constants.js'))).toBe(true);
    expect(modulesOf(modules, 'zod')).toEqual([]);
    expect(modulesOf(modules, '@grandstand/contract').filter((id) => /\/dist\/(clips|vod|favourites|events)\.js$/.test(id))).toEqual([]);
  });

  it('keeps zod where a schema is used, so the check above can see it', async () => {
    const modules = await bundledModules(
      app,
      "import { Clip } from '@grandstand/contract';\nconsole.log(Clip.safeParse({}).success);\n",
    );
    expect(modulesOf(modules, 'zod').length).toBeGreaterThan(0);
  });
});
