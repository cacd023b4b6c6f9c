import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, e2eDataDir, E2E_PORT, OIDC_PORT, repoRoot } from './e2e/support.ts';

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
  webServer: [
    {
      // The local OpenID provider standing in for Google (any email logs in at its form).
      command: 'node ../server/test/oidc/serve.ts',
      env: { PORT: String(OIDC_PORT), SITE_ORIGINS: `http://localhost:${E2E_PORT},http://laurentides.localhost:${E2E_PORT}` },
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A fresh database for every run, seeded with the channels' demo data, serving the built sites;
      // the demo media is packaged once and kept (prepare-media does nothing when it is there).
      command: `rm -rf "${e2eDataDir}" && ${server} seed && ${server} prepare-media && ${server} serve`,
      env: {
        PORT: String(E2E_PORT),
        PGLITE_DATA_DIR: e2eDataDir,
        SITES_DIR: `${repoRoot}/apps/web/dist`,
        // Mail goes to the demo outbox (no SMTP_URL), which the tests open as a person would: its
        // pages show every mailed link to anyone, so they are served only when asked for.
        MAIL_OUTBOX: 'on',
        SOCIAL_GOOGLE_ISSUER: `http://localhost:${OIDC_PORT}`,
        SOCIAL_GOOGLE_CLIENT_ID: 'grandstand-local',
        SOCIAL_GOOGLE_CLIENT_SECRET: 'grandstand-local-secret-not-for-production',
      },
      url: `http://localhost:${E2E_PORT}/channel-key.json`,
      reuseExistingServer: false,
      // A first run packages the demo recordings with ffmpeg: minutes on a busy two-core machine.
      timeout: 600_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
