import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, e2eDataDir, E2E_PORT, repoRoot } from './e2e/support.ts';

const server = 'node ../server/src/cli.ts';

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Two cores: one browser at a time keeps timings honest.
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  webServer: {
    // A fresh database for every run, seeded with the channels' demo data, serving the built sites;
    // the demo media is packaged once and kept (prepare-media does nothing when it is there).
    command: `rm -rf "${e2eDataDir}" && ${server} seed && ${server} prepare-media && ${server} serve`,
    env: { PORT: String(E2E_PORT), PGLITE_DATA_DIR: e2eDataDir, SITES_DIR: `${repoRoot}/apps/web/dist` },
    url: `http://localhost:${E2E_PORT}/channel-key.json`,
    reuseExistingServer: false,
    // A first run packages the demo recordings with ffmpeg: minutes on a busy two-core machine.
    timeout: 600_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
