// `pnpm bench`: GET /api/vod-media/search latency with 100,000 on-demand items and 100,000 events in
// one channel (the goal: p99 <= 50 ms at 200 req/s for realistic searches). Per engine (PGlite, the
// default; PostgreSQL when BENCH_DATABASE_URL is set or Debian's server binaries are installed) the
// server runs in a child process on a throwaway database holding a bench channel (the events
// bench's channel: sports, 40 schools, 480 teams, 100,000 events; plus 100,000 items in 6
// categories over ten years, titles and descriptions from a sports vocabulary, some with accents),
// and autocannon sends a fixed 200 req/s for 10 s over loopback of what viewers type: a word, two
// words, a misspelt word, an unaccented French title, a team or a school, by date (the spec's
// default) or by relevance, first pages and second pages.
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadChannelFolders } from '../src/core/channels/loadChannels.ts';
import { upsertChannels } from '../src/modules/channels/seed.ts';
import { migrateToLatest } from '../src/migrations.ts';
import type { Database } from '../src/core/db/schema.ts';
import { searchDocument, searchTitle } from '../src/modules/vod/rules.ts';
import { BENCH_EVENTS, seedBenchChannel } from './events.ts';
import { closeOnDisconnect, eachEngine, type Engine, forkServer, line, listenOnLoopback, openBenchDatabase, type Result, serverArgs, summarise } from './harness.ts';

export const BENCH_ITEMS = 100_000;
const RATE = 200;
const DURATION_S = 10;
const CONNECTIONS = 20;
const GOAL_P99_MS = 50;
const BENCH_CHANNEL_KEY = 'bench-channel-key-0002';

const SUBJECTS = ['Hockey féminin', 'Boys basketball', 'Girls volleyball', 'Varsity soccer', 'Lacrosse', 'Baseball', 'Cross-country', 'Swimming', 'Wrestling', 'Track and field', 'Équipe de natation', 'Ski de fond'];
const KINDS = ['season review', "coach's show", 'interview', 'documentary', 'highlights', 'press conference', 'training camp', 'championship final', 'senior night', 'behind the scenes'];
const DESCRIPTIONS = [
  'Every goal of the season, from the first faceoff to the final whistle.',
  'The head coach talks about defence, injuries and the road to the playoffs.',
  'A look back at the championship run with the captains.',
  "Les meilleurs moments de l'équipe, racontés par les joueuses.",
  'Training, travel and the locker room before the big game.',
];

/** A small deterministic generator, so every run benches the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Inserts `count` items in batches of one statement each (unnest of arrays), their search documents as the seed writes them. */
export async function seedBenchLibrary(db: Database, channelId: number, count = BENCH_ITEMS): Promise<void> {
  const rnd = random(11);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const categories = await db
    .insertInto('vod_media_categories')
    .values(['Documentaries', 'Interviews', 'Season reviews', "Coaches' shows", 'Highlights', 'Camps'].map((name, position) => ({ channel_id: channelId, name, alias: name.toLowerCase().replace(/[^a-z]+/g, '-'), position })))
    .returning('id')
    .execute();
  const BATCH = 10_000;
  const DAY_MS = 86_400_000;
  for (let done = 0; done < count; done += BATCH) {
    const size = Math.min(BATCH, count - done);
    const planned = Array.from({ length: size }, (_, i) => {
      const date = new Date(Date.UTC(2016, 0, 1) + Math.floor(rnd() * 3650) * DAY_MS).toISOString().slice(0, 10);
      return {
        ref: `item-${done + i}`,
        title: `${pick(SUBJECTS)} ${pick(KINDS)} ${date.slice(0, 4)} #${done + i}`,
        description: rnd() < 0.8 ? pick(DESCRIPTIONS) : null,
        date,
        category: pick(categories).id,
        access: pick(['free', 'free', 'free', 'registered', 'vod_media'] as const),
        duration: 30 + Math.floor(rnd() * 3600),
      };
    });
    const col = <T>(f: (item: (typeof planned)[number]) => T) => planned.map(f);
    await sql`
      insert into vod_media_items (channel_id, ref, title, description, date, category_id, access, duration, search_document, search_title)
      select ${channelId}, ref, title, description, date, category_id, access, duration,
        ${searchDocument('english', sql`title`, sql`description`)}, ${searchTitle(sql`title`)}
      from unnest(
        ${col((i) => i.ref)}::text[], ${col((i) => i.title)}::text[], ${col((i) => i.description)}::text[], ${col((i) => i.date)}::date[],
        ${col((i) => i.category)}::int[], ${col((i) => i.access)}::text[], ${col((i) => i.duration)}::int[]
      ) as v(ref, title, description, date, category_id, access, duration)`.execute(db);
  }
}

/** What viewers type: a word, two words, a typo, French without accents, a team, a school; by date or relevance; first and second pages. */
export function realisticSearches(): string[] {
  const words = ['hockey', 'review', 'coach', 'interview', 'final', 'basketball', 'volleyball', 'highlights', 'documentary', 'playoffs', 'natation', 'camp'];
  const phrases = ['season review', 'hockey feminin', 'coach show', 'championship final', 'senior night', 'ski de fond', 'press conference', 'behind the scenes'];
  const typos = ['hocky', 'basketbal', 'volleybal', 'interveiw', 'champion final', 'lacrose', 'wrestlng', 'swiming'];
  const names = ['School 12 Eagles', 'eagles', 'lions', 'School 3', 'tigers', 'hawks'];
  const rare = ['2017 senior night', 'ski de fond 2019', 'track and field 2024 highlights', 'wrestling documentary 2021'];
  const queries: string[] = [];
  for (const term of [...words, ...phrases, ...typos, ...names, ...rare]) {
    const title = encodeURIComponent(term);
    queries.push(`title=${title}`, `title=${title}&sort_field=relevance`);
  }
  for (const term of [...words.slice(0, 4), ...phrases.slice(0, 2)]) queries.push(`title=${encodeURIComponent(term)}&offset=10`);
  return queries;
}

interface Ready {
  port: number;
  seedMs: number;
}

async function runServer(engine: Engine, connectionString: string | undefined): Promise<void> {
  const opened = await openBenchDatabase(engine, connectionString, 'grandstand-bench-vod-');
  await migrateToLatest(opened.db);
  const [template] = await loadChannelFolders(join(import.meta.dirname, '..', 'test', 'fixtures', 'channels'));
  // An English channel (the fixture alpha's language).
  const folder = { ...template!, config: { ...template!.config, slug: 'bench', name: 'Bench', channelKey: BENCH_CHANNEL_KEY, default: true }, seed: null };
  const channels = await upsertChannels(opened.db, [folder]);
  const started = performance.now();
  await seedBenchChannel(opened.db, channels[0]!.id, BENCH_EVENTS);
  await seedBenchLibrary(opened.db, channels[0]!.id, BENCH_ITEMS);
  // Fresh statistics and visibility map, as autovacuum would leave them on a live database.
  await sql`VACUUM ANALYZE`.execute(opened.db);
  const seedMs = Math.round(performance.now() - started);
  // The load comes from one address standing in for a crowd of viewers: the per-client search
  // limit (which holds each of them) would otherwise answer most of it with 429.
  const app = await buildApp({ db: opened.db, channels, logger: false, rateLimit: { searchMax: Number.MAX_SAFE_INTEGER } });
  process.send?.({ port: await listenOnLoopback(app), seedMs } satisfies Ready);
  closeOnDisconnect(app, opened);
}

async function benchEngine(engine: Engine, connectionString?: string): Promise<Result & { seedMs: number; pool: number }> {
  const { ready, stop } = await forkServer<Ready>(import.meta.filename, engine, connectionString);
  try {
    const base = `http://127.0.0.1:${ready.port}`;
    const keyResponse = await fetch(`${base}/api/get_api_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_key: BENCH_CHANNEL_KEY }) });
    const { data } = (await keyResponse.json()) as { data: { api_key: string } };
    const pool = realisticSearches();
    // Warm the engine's buffers and plans once, as a running site has them.
    for (const query of pool) {
      const response = await fetch(`${base}/api/vod-media/search?api_key=${data.api_key}&${query}`);
      if (!response.ok) throw new Error(`${query}: ${response.status} ${await response.text()}`);
    }
    let i = 0;
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      overallRate: RATE,
      duration: DURATION_S,
      requests: [{ setupRequest: (request) => ({ ...request, path: `/api/vod-media/search?api_key=${data.api_key}&${pool[i++ % pool.length]!}` }) }],
    });
    return { ...summarise(result), seedMs: ready.seedMs, pool: pool.length };
  } finally {
    await stop();
  }
}

async function report(engine: string, run: () => ReturnType<typeof benchEngine>): Promise<void> {
  const r = await run();
  const met = r.p99 <= GOAL_P99_MS && r.rps >= RATE * 0.95 && r.problems === 0;
  console.log(`  ${engine}: ${BENCH_ITEMS.toLocaleString('en')} items and ${BENCH_EVENTS.toLocaleString('en')} events seeded in ${r.seedMs} ms`);
  console.log(line(`realistic searches (${r.pool} kinds)`, r, met ? 'GOAL MET' : 'GOAL NOT MET'));
}

async function runBench(): Promise<void> {
  console.log(`vod search bench: /api/vod-media/search, ${RATE} req/s for ${DURATION_S} s, ${CONNECTIONS} connections on loopback; goal p99 <= ${GOAL_P99_MS} ms`);
  await eachEngine((label, engine, connectionString) => report(label, () => benchEngine(engine, connectionString)));
}

if (import.meta.main) {
  const server = serverArgs();
  if (server) await runServer(server.engine, server.connectionString);
  else await runBench();
}
