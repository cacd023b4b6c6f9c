import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '@grandstand/vitest-config/chromium';

/** Where the static build is served for the check: a plain file server, no Storybook dev server. */
export const STATIC_PORT = Number(process.env.STORYBOOK_STATIC_PORT ?? 8711);

// The static Storybook designers open (`pnpm storybook:build`), checked as they would open it.
export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: { baseURL: `http://127.0.0.1:${STATIC_PORT}`, browserName: 'chromium', launchOptions: chromiumLaunchOptions() },
  webServer: {
    command: `vite preview --outDir dist --host 127.0.0.1 --port ${STATIC_PORT} --strictPort`,
    url: `http://127.0.0.1:${STATIC_PORT}/index.json`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
