import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import type { Plugin } from 'vite';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { readChannels } from '@grandstand/contract/node';
import { chromiumLaunchOptions } from '@grandstand/vitest-config/chromium';
import { channelsDir } from './.storybook/channelsModule.ts';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/** Every channel folder, so each story runs once in each channel's theme. */
function channelSlugs(): string[] {
  return readChannels(channelsDir).map(({ config }) => config.slug);
}

// Debian's Chromium (the shared launch options). A fresh object per project: vitest names the
// instances in place.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: chromiumLaunchOptions(),
  }),
  instances: [{ browser: 'chromium' as const }],
});

/**
 * The site's content security policy on the test page (.storybook/site-policy.html explains the
 * differences): the story tests prove the components need nothing more than the site allows.
 */
const sitePolicy: Plugin = {
  name: 'grandstand-site-policy',
  transformIndexHtml: (html) => html.replace('</head>', `${readFileSync(path.join(dirname, '.storybook/site-policy.html'), 'utf8')}</head>`),
};

function project(slug: string | undefined): TestProjectConfiguration {
  return {
    extends: true,
    plugins: [storybookTest({ configDir: path.join(dirname, '.storybook'), initialGlobals: slug ? { channel: slug } : {} }), sitePolicy],
    test: { name: slug ? `storybook:${slug}` : 'storybook', browser: browser() },
  };
}

const slugs = channelSlugs();

export default defineConfig({
  test: {
    projects: slugs.length > 0 ? slugs.map(project) : [project(undefined)],
    // Two cores shared with others: one browser page at a time.
    fileParallelism: false,
    // The story files share one page and its modules (React, the ui package, the stories' setup)
    // rather than each loading them into a fresh frame: 142 s against 216 s for the whole suite
    // alone here (2026-11-29), and the suite ends the first half of `npm test`. They can: every story
    // renders into its own root and is cleaned up after, and none mocks a module.
    isolate: false,
    testTimeout: 20_000,
  },
});
