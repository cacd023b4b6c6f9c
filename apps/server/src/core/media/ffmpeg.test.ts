import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnvironment } from './ffmpeg.ts';
import { runFfmpeg } from './ffmpeg.ts';

// ffmpeg reads media the server did not make (uploads, live signals): it gets none of the
// server's secrets, only what finds its binaries and sets its locale.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ffmpeg-env-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SERVER_ENV = {
  PATH: '/usr/local/bin:/usr/bin:/bin',
  LANG: 'C.UTF-8',
  HOME: '/home/grandstand',
  APP_SECRET: 'app-secret-0123456789',
  DATABASE_URL: 'postgres://grandstand:pw@db/grandstand',
  STRIPE_SECRET_KEY: 'sk_live_x',
  SMTP_URL: 'smtp://user:pw@mail',
  ANALYTICS_ADMIN_TOKEN: 'admin-token',
};

describe('the environment ffmpeg is given', () => {
  it('holds PATH and the locale of the server, the additions, and no secret', () => {
    expect(childEnvironment({ TZ: 'America/Toronto' }, SERVER_ENV)).toEqual({ PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', TZ: 'America/Toronto' });
    expect(childEnvironment({}, {})).toEqual({});
  });

  it('is what a spawned ffmpeg sees', async () => {
    // A stand-in binary at FFMPEG_PATH that writes down the environment it was started with.
    const fake = join(dir, 'fake-ffmpeg.sh');
    await writeFile(fake, `#!/bin/sh\n/usr/bin/env > "${join(dir, 'env.txt')}"\n`);
    await chmod(fake, 0o755);
    const saved = { APP_SECRET: process.env.APP_SECRET, DATABASE_URL: process.env.DATABASE_URL };
    process.env.APP_SECRET = 'app-secret-of-the-server';
    process.env.DATABASE_URL = 'postgres://grandstand:pw@db/grandstand';
    try {
      await runFfmpeg(['-version'], { cwd: dir, ffmpegPath: fake });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const seen = Object.fromEntries((await readFile(join(dir, 'env.txt'), 'utf8')).trim().split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    expect(seen.APP_SECRET).toBeUndefined();
    expect(seen.DATABASE_URL).toBeUndefined();
    expect(seen.PATH).toBe(process.env.PATH);
  });

  it('still lets the real ffmpeg encode and draw text', async () => {
    await runFfmpeg(
      ['-f', 'lavfi', '-i', 'color=c=0x123456:s=160x90:d=0.2', '-vf', "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:text='Grandstand':fontcolor=white", '-frames:v', '1', 'out.jpg'],
      { cwd: dir },
    );
    expect((await stat(join(dir, 'out.jpg'))).size).toBeGreaterThan(0);
  });
});
