import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClipResponse, ClipsResponse, GetApiKeyResponse, SessionResponse } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadChannelFolders, type LoadedChannel } from '../../core/channels/loadChannels.ts';
import { upsertChannels } from '../channels/seed.ts';
import type { ClipMedia } from './cutter.ts';
import { FIXTURE_CHANNELS_DIR, openTestDatabase, type TestDatabase } from '../../../test/helper.ts';
import { testClipMedia } from '../../../test/support/clipMedia.ts';

// A server stopped (SIGTERM, a deploy) in the middle of a cut: the clip goes back to the queue and
// the server that starts next on the same database finishes it (spec §4, architecture: durable jobs).
let database: TestDatabase;
let channels: LoadedChannel[];
let mediaDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  channels = await upsertChannels(database.db, await loadChannelFolders(FIXTURE_CHANNELS_DIR));
  mediaDir = await mkdtemp(join(tmpdir(), 'clips-restart-'));
});
afterAll(async () => {
  await database.close();
  await rm(mediaDir, { recursive: true, force: true });
});

async function server(media: ClipMedia): Promise<FastifyInstance> {
  const app = await buildApp({
    db: database.db,
    channels,
    logger: false,
    sitesDir: '/nonexistent-sites',
    rateLimit: { max: 10_000 },
    media: { dir: mediaDir },
    clips: { media, queue: { pollMs: 50 }, stopGraceMs: 0 },
  });
  await app.ready();
  return app;
}

async function clips(app: FastifyInstance, key: string) {
  return ClipsResponse.parse((await app.inject({ url: `/api/clips/user?api_key=${key}` })).json()).data;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out waiting');
}

it('a clip being cut when the server stops is finished by the next server on the database', async () => {
  const hanging = testClipMedia();
  hanging.behaviour = () => ({ kind: 'hang' });
  const first = await server(hanging);
  const visitor = GetApiKeyResponse.parse((await first.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: 'alpha-channel-key-0001' } })).json()).data.api_key;
  const password = 'restart-between-cuts';
  const registered = await first.inject({
    method: 'POST',
    url: '/api/v2/auth/register',
    payload: { api_key: visitor, email: 'restart@example.com', password, password_confirmation: password, first_name: 'Re', last_name: 'Start', terms: true },
  });
  const session = SessionResponse.parse(registered.json()).data;
  const key = session.api_key;
  // Clipping needs a confirmed address: as following the mailed link does.
  await database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', session.user.id).execute();
  const event = await database.db.selectFrom('events').select('id').where('channel_id', '=', channels.find((c) => c.config.slug === 'alpha')!.id).where('stream_status', '=', 'finished').executeTakeFirstOrThrow();
  const asked = await first.inject({ method: 'POST', url: '/api/clip', payload: { api_key: key, event_id: event.id, name: 'Cut short', start_time: 10, duration: 15, tags: ['goal'] } });
  const clip = ClipResponse.parse(asked.json()).data;
  await until(async () => (await clips(first, key)).some((c) => c.id === clip.id && c.status === 'processing'));

  await first.close();
  // Stopping handed the cut back to the queue, the attempt not counted.
  expect(await database.db.selectFrom('clip_jobs').select(['attempts', 'claim']).where('clip_id', '=', clip.id).executeTakeFirst()).toEqual({ attempts: 0, claim: null });

  const media = testClipMedia();
  const second = await server(media);
  try {
    await until(async () => (await clips(second, key)).some((c) => c.id === clip.id && c.status === 'ready'));
    const ready = (await clips(second, key)).find((c) => c.id === clip.id)!;
    expect(ready.stream_url).toBe(`/media/clips/alpha/${clip.uuid}/index.m3u8`);
    expect(hanging.cuts).toHaveLength(1);
    expect(media.cuts.map((cut) => cut.uuid)).toEqual([clip.uuid]);
  } finally {
    await second.close();
  }
});
