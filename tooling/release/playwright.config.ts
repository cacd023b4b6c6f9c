import { defineConfig } from '@playwright/test';
import { API_ORIGIN, API_PORT, APP_ORIGIN, chromiumLaunchOptions, dataDir, MEDIA_QUALITY, mediaDir } from './e2e/support.ts';

const server = 'node ../../apps/server/src/cli.ts';

// The consumer check: the published packages installed from their tarballs into an app outside the
// workspace (global setup), opened in Chromium on its own origin against the reference server.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // Packing, installing and building the app (global setup) take their time; the tests are quick.
  globalTimeout: 600_000,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: APP_ORIGIN,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      // A fresh database seeded with the demo channels; the consumer's origin is a site origin of
      // northfield only. Recorded events play from the demo media (packaged once and kept); no live signal.
      command: `rm -rf "${dataDir}" && ${server} seed && ${server} prepare-media && ${server} serve`,
      env: {
        PORT: String(API_PORT),
        PGLITE_DATA_DIR: `${dataDir}/pglite`,
        MEDIA_DIR: mediaDir,
        MEDIA_QUALITY,
        INGEST: 'off',
        DEMO_CAMERAS: 'off',
        SITES_DIR: `${dataDir}/no-sites`,
        CHANNEL_SITE_ORIGINS: `northfield=${APP_ORIGIN}`,
      },
      url: `${API_ORIGIN}/channel-key.json`,
      reuseExistingServer: false,
      timeout: 600_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
