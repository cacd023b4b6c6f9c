import { defineConfig } from '@playwright/test';
import { ANALYTICS_ADMIN_TOKEN, analyticsDataDir, analyticsUrl, chromiumLaunchOptions, e2eDataDir, e2eMediaDir, E2E_ANALYTICS_PORT, E2E_ERRORS_PORT, E2E_MEDIA_QUALITY, E2E_PORT, E2E_STREAM_LIFETIME_S, errorDsn, OIDC_PORT, repoRoot } from './e2e/support.ts';

const server = 'node ../server/src/cli.ts';
/** The ingest's ports in the end-to-end runs (one run at a time on the machine, as the site's port). */
const E2E_INGEST_RTMP_PORT = 19350;
const E2E_INGEST_HTTP_PORT = 19360;

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Two browsers at a time on two cores. A test spends much of its time waiting (a player's buffer,
  // a preroll, a clip's encoding, the server), which the other browser fills: with the headless
  // shell and every test closing what it opened, the suite took 12.7 minutes with two workers
  // against 21.1 with one, and 10.8 to 11.3 with the three slots below (2026-12-07). It once gained
  // nothing (17.0 against 17.4, 2026-11-29), when the full browser's compositing and pages left
  // playing by earlier tests kept both cores busy. The files are independent: each test makes its
  // own viewer, and the control room's tests their own events and offers. While the two camera
  // journeys run (mostly waiting on real time), one other test runs beside them; then two. A third
  // slot for the other tests gained nothing (10.7 minutes against 10.8, 2026-12-07): by then the two
  // cores are full, and only less work makes the suite shorter.
  workers: 3,
  projects: [
    {
      // Each channel's journey from a camera is two minutes of waiting on real time (a camera's
      // window filling, a 20 s drop, the recording's packaging) at a small share of a core: the two
      // run side by side, each on its own channel, event and stream key. Listed first, they start
      // at once, beside the first of the other tests.
      name: 'live',
      testMatch: 'console-live.spec.ts',
      fullyParallel: true,
      workers: 2,
    },
    { name: 'site', testIgnore: 'console-live.spec.ts', workers: 2 },
  ],
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    // No trace by default: recording one for every test (DOM snapshots at each step, a screencast
    // of the page) took 17 % of the suite's time (2026-12-07: 178 s against 148 s for three specs),
    // and a CI run's traces are never read. To keep a failure's trace: `--trace retain-on-failure`.
    trace: 'off',
    // The browser prefers reduced motion, so the home's rails hold still: they step by themselves
    // every 5000 ms (spec §9) except for a viewer who prefers reduced motion, and the rail's own
    // tests step them. Each step scrolled a rail by a card, which headless Chromium painted in
    // software on the CPU: the suite took 1,089 CPU-seconds and 11.5 minutes this way against 1,217
    // and 12.4 (2026-12-07). No test here is about the motion, and a card that holds still stays
    // where a test clicks.
    reducedMotion: 'reduce',
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
      // The analytics service on its own origin, with a fresh store, as `npm start` runs it.
      command: `rm -rf "${analyticsDataDir}" && node ../analytics/src/cli.ts serve`,
      env: { ANALYTICS_PORT: String(E2E_ANALYTICS_PORT), ANALYTICS_DATA_DIR: analyticsDataDir, ANALYTICS_ADMIN_TOKEN },
      url: `${analyticsUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The error-logging service the channels' DSNs point at (a local Sentry-protocol receiver).
      command: 'node e2e/errorReceiver.ts',
      env: { PORT: String(E2E_ERRORS_PORT) },
      url: `http://127.0.0.1:${E2E_ERRORS_PORT}/received`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A fresh database for every run, seeded with the channels' demo data, serving the built sites;
      // the media is packaged once and kept (prepare-media does nothing when it is there).
      command: `rm -rf "${e2eDataDir}" && ${server} seed && ${server} prepare-media && ${server} serve`,
      // Ended with a signal it handles, not killed: it stops the ingest (nginx) and the demo cameras it
      // runs in process groups of their own, which a kill would leave running.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(E2E_PORT),
        PGLITE_DATA_DIR: e2eDataDir,
        MEDIA_DIR: e2eMediaDir,
        MEDIA_QUALITY: E2E_MEDIA_QUALITY,
        // Nearly every test that plays an event sits through a sponsor preroll first (one per
        // browser, and each test is a new browser): 3 s rather than the demo's 8.
        MEDIA_PREROLL_SECONDS: '3',
        MEDIA_TOKEN_LIFETIME: `${E2E_STREAM_LIFETIME_S}s`,
        // The ingest (nginx's RTMP module) run by the server on fixed test ports. Only the live events
        // a test plays get a demo camera (about 4 % of a core each), rather than all eight for the
        // whole run: their pictures show the events' cards until then, and the live clip's test
        // waits for its window to fill.
        INGEST: 'managed',
        INGEST_RTMP_PORT: String(E2E_INGEST_RTMP_PORT),
        INGEST_HTTP_PORT: String(E2E_INGEST_HTTP_PORT),
        INGEST_PUBLIC_URL: `rtmp://localhost:${E2E_INGEST_RTMP_PORT}/live`,
        INGEST_PULL_URL: `rtmp://127.0.0.1:${E2E_INGEST_RTMP_PORT}/live`,
        DEMO_CAMERAS: 'on-demand',
        // Past the journey's 20 s drop, and short enough that a camera left behind ends its event soon.
        LIVE_GRACE_SECONDS: '45',
        SITES_DIR: `${repoRoot}/apps/web/dist`,
        // The control room's one build, at /console on each channel's host (e2e/console-*.spec.ts).
        CONSOLE_DIR: `${repoRoot}/apps/console/dist`,
        // Mail goes to the demo outbox (no SMTP_URL), which the tests open as a person would: its
        // pages show every mailed link to anyone, so they are served only when asked for.
        MAIL_OUTBOX: 'on',
        SOCIAL_GOOGLE_ISSUER: `http://localhost:${OIDC_PORT}`,
        SOCIAL_GOOGLE_CLIENT_ID: 'grandstand-local',
        SOCIAL_GOOGLE_CLIENT_SECRET: 'grandstand-local-secret-not-for-production',
        ANALYTICS_PUBLIC_URL: analyticsUrl,
        ANALYTICS_URL: analyticsUrl,
        ANALYTICS_ADMIN_TOKEN,
        CHANNEL_ERROR_DSNS: `northfield=${errorDsn('northfield')},laurentides=${errorDsn('laurentides')}`,
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
