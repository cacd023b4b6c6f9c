import { nodeProject } from '@grandstand/vitest-config/node';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';

// The suite runs twice, once per engine the server supports (architecture: embedded by default,
// real engines at scale). Each project's global setup builds one migrated, seeded database; every
// test file gets its own copy of it (initdb takes seconds: never once per test).
const base = nodeProject({ testTimeout: 20_000, setupFiles: ['test/setup/passwordCost.ts'] });

// The media files run on the default engine only. Their work is ffmpeg's (packaging, cutting,
// live encoders, pictures), the same on either engine, and what they ask the database the other
// files ask it on both. The suite alone took 280 s this way, against 325 s on both (2026-11-29).
const ENGINE_NEUTRAL = ['cluster/**/*.test.ts', 'src/modules/media/media.test.ts', 'src/modules/media/media-clip.test.ts', 'src/modules/media/media-vod.test.ts', 'src/modules/media/pictures.test.ts', 'src/core/media/**/*.test.ts', 'src/core/ingest/*.test.ts', 'test/support/*.test.ts'];

// The files about the HTTP layer run on PostgreSQL only too: headers, CORS, the API document, the
// sites and their renders, the public origins of mailed links, the demo's outbox and host, the log's
// redaction. The queries behind their answers are each area's, run on both engines by that area's
// files; on PGlite each file paid 3 to 5 s more to load its database copy and ran its requests in
// the test's own thread, 96 s of the suite's file time against 26 on PostgreSQL (2026-12-05).
const HTTP_LAYER = [
  'src/core/cors.test.ts',
  'src/core/security-headers.test.ts',
  'src/core/csp-tag-manager.test.ts',
  'src/core/openapi/openapi.test.ts',
  'src/modules/sites/sites.test.ts',
  'src/modules/sites/sites-render.test.ts',
  'src/modules/sites/sites-share-player.test.ts',
  'src/modules/sites/console.test.ts',
  'src/core/channels/public-origins.test.ts',
  'src/modules/mail/outbox.test.ts',
  'test/demo-host.test.ts',
  'src/core/log-redaction.test.ts',
  'src/core/health.test.ts',
];

// The OpenAPI fuzzing runs on PostgreSQL only. What it looks for is input the server's validation
// lets through: such a value meets PostgreSQL's types on either engine (PGlite is PostgreSQL's own),
// while its concurrent requests can only race on a server with more than one connection. It took
// 36 s on PGlite and 24 s on PostgreSQL a run (2026-11-29).
// The notice connection's and the start-up lock's own tests are PostgreSQL's: PGlite has no
// connection to share or lose, and is one process (nothing starts beside it).
const SERVER_ENGINE_ONLY = ['test/openapi-fuzz.test.ts', 'src/core/db/notices.test.ts', 'src/core/db/startupLock.test.ts', ...HTTP_LAYER];

export default mergeConfig(
  base,
  defineConfig({
    test: {
      // The cluster tools (the balancer and the instances' processes) are tested beside their code.
      include: ['cluster/**/*.test.ts'],
      hookTimeout: 60_000,
      // Two files at a time even on two cores (the default leaves one core to the rest): most of a
      // file's time is spent waiting on its database, ffmpeg or a timer, not computing. The suite
      // is the longest task of `npm test`, and decides when its first half ends (863 s there beside
      // the other packages' tasks, 2026-11-28, before the shared modules below).
      maxWorkers: 2,
      // The files of a worker share its modules rather than importing the app anew each: the suite
      // took 523 s with a fresh import per file and 340 s without (alone, 2026-11-28). They can: each
      // file builds its own app on its own copy of the database, and none mocks a module.
      isolate: false,
      projects: [
        {
          extends: true,
          test: { name: 'pglite', globalSetup: ['test/setup/pglite.ts'], env: { GRANDSTAND_TEST_ENGINE: 'pglite' }, exclude: [...configDefaults.exclude, ...SERVER_ENGINE_ONLY] },
        },
        {
          extends: true,
          test: { name: 'postgres', globalSetup: ['test/setup/postgres.ts'], env: { GRANDSTAND_TEST_ENGINE: 'postgres' }, exclude: [...configDefaults.exclude, ...ENGINE_NEUTRAL] },
        },
      ],
    },
  }),
);
