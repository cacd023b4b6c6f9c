// `pnpm bench`: on-demand stream throughput through the signed stream address. Per engine (PGlite,
// then PostgreSQL as the events bench runs it) the server runs in a child process on loopback, on a
// throwaway database holding the default channel of CHANNELS_DIR (the test fixtures' when empty),
// seeded, serving MEDIA_DIR's recordings (prepared first as prepare-media does, kept when present;
// the bench only reads them). A visitor takes an on-demand event's address from
// `GET /api/events/{id}` as the player does, and autocannon asks, 10 s each over 50 connections:
//   1. the playlist the address names (`index.m3u8`: a recording is one rendition, so this is the
//      media playlist the player reads, there is no master playlist above it);
//   2. the init segment it names (`#EXT-X-MAP`), fetched once per playback;
//   3. one media segment from the middle of the recording (2 s, a few hundred KB).
// Each phase takes a new address first, as the player renews it at half-life: no phase outlives one.
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import { type ChannelFolder, loadChannelFolders } from '../src/core/channels/loadChannels.ts';
import { seedMissing, upsertChannels } from '../src/modules/channels/seed.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest } from '../src/migrations.ts';
import { recordingForEvent } from '../src/core/media/library.ts';
import { prepareMedia } from '../src/core/media/prepare.ts';
import { closeOnDisconnect, eachEngine, type Engine, forkServer, line, listenOnLoopback, openBenchDatabase, summarise, serverArgs } from './harness.ts';

const DURATION_S = 10;
const CONNECTIONS = 50;

interface Ready {
  port: number;
  channelKey: string;
  eventId: number;
  recording: string;
}

/** The channel the bench serves: CHANNELS_DIR's default, or the test fixtures' first when CHANNELS_DIR is empty. */
async function benchChannel(): Promise<ChannelFolder> {
  let folders = await loadChannelFolders(loadConfig().paths.channelsDir);
  if (folders.length === 0) folders = await loadChannelFolders(join(import.meta.dirname, '..', 'test', 'fixtures', 'channels'));
  const folder = folders.find((f) => f.config.default) ?? folders[0];
  if (!folder) throw new Error('no channel folder to bench with');
  return { ...folder, config: { ...folder.config, default: true } };
}

/** The child: the channel seeded on a throwaway database of the engine, MEDIA_DIR's recordings served on loopback (no live signals). */
async function runServer(engine: Engine, connectionString: string | undefined): Promise<void> {
  const { dir, ffmpegPath } = loadConfig().media;
  const opened = await openBenchDatabase(engine, connectionString, 'grandstand-bench-media-');
  await migrateToLatest(opened.db);
  const channels = await upsertChannels(opened.db, [await benchChannel()]);
  await seedMissing(opened.db, channels);
  const channel = channels[0]!;
  // The first finished event a visitor may watch: its address comes without an account.
  const event = await opened.db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', channel.id)
    .where('stream_status', '=', 'finished')
    .where('access_type', '=', 'free')
    .orderBy('id')
    .executeTakeFirst();
  if (!event) throw new Error(`the seeded channel ${channel.config.slug} has no finished free event`);
  const app = await buildApp({ db: opened.db, channels, logger: false, media: { dir, ffmpegPath } });
  const port = await listenOnLoopback(app);
  process.send?.({ port, channelKey: channel.config.channelKey, eventId: event.id, recording: recordingForEvent(event.id).id } satisfies Ready);
  closeOnDisconnect(app, opened);
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.replace(/\/s\/[^/]+\//, '/s/…/')} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function benchEngine(label: string, engine: Engine, connectionString?: string): Promise<void> {
  const { ready, stop } = await forkServer<Ready>(import.meta.filename, engine, connectionString);
  try {
    const base = `http://127.0.0.1:${ready.port}`;
    const keyResponse = await fetch(`${base}/api/get_api_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_key: ready.channelKey }) });
    const { data } = (await keyResponse.json()) as { data: { api_key: string } };
    /** A new stream address of the event, from the API as the player asks for one; its folder (ends with `/`). */
    const streamFolder = async () => {
      const detail = (await (await fetchOk(`${base}/api/events/${ready.eventId}?api_key=${data.api_key}`)).json()) as { data: { stream: { url: string } | null } };
      if (!detail.data.stream) throw new Error(`event ${ready.eventId} came without a stream address`);
      return detail.data.stream.url.slice(0, detail.data.stream.url.lastIndexOf('/') + 1);
    };
    const playlist = await (await fetchOk(`${base}${await streamFolder()}index.m3u8`)).text();
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
    const segments = playlist.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
    const segment = segments[Math.floor(segments.length / 2)];
    if (!init || !segment) throw new Error(`the playlist names no init segment or no media segment:\n${playlist}`);
    console.log(`  ${label}: event ${ready.eventId} (recording ${ready.recording}, ${segments.length} segments)`);
    for (const [name, file] of [
      ['playlist (index.m3u8)', 'index.m3u8'],
      ['init segment', init],
      ['media segment (2 s)', segment],
    ] as const) {
      const folder = await streamFolder();
      const bytes = (await (await fetchOk(`${base}${folder}${file}`)).arrayBuffer()).byteLength;
      const result = summarise(await autocannon({ url: `${base}${folder}${file}`, connections: CONNECTIONS, duration: DURATION_S }));
      console.log(line(name, result, bytes >= 10_000 ? `${Math.round(bytes / 1024)} KB each` : `${bytes} bytes each`));
    }
  } finally {
    await stop();
  }
}

async function runBench(): Promise<void> {
  const { dir, ffmpegPath } = loadConfig().media;
  const folder = await benchChannel();
  console.log(`media bench: an on-demand event's stream through its signed address, ${CONNECTIONS} connections for ${DURATION_S} s per file on loopback (throughput; no goal)`);
  const prepared = await prepareMedia({ dir, ffmpegPath, channels: [folder] });
  if (prepared.built.length > 0) console.log(`  prepared ${prepared.built.length} items in ${dir}`);
  await eachEngine(benchEngine);
}

if (import.meta.main) {
  const server = serverArgs();
  if (server) await runServer(server.engine, server.connectionString);
  else await runBench();
}
