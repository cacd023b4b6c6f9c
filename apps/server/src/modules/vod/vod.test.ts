import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiErrorBody,
  ProfileResponse,
  VOD_SEARCH_DEFAULT_LIMIT,
  VodMediaCategoriesResponse,
  VodMediaItemResponse,
  VodMediaItemsResponse,
  VodRailsResponse,
  VodSearchResponse,
} from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChannel } from '../channels/seed.ts';
import { parseChannelSeed } from '../../core/channels/seedSchema.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { registerViewer } from '../../../test/support/commerce.ts';

// spec §7 Vod calls, §6 access (free, registered, vod_media, expired), §5 vod search defaults, on
// the fixture channels' libraries (test/fixtures/channels/*/seed.json `vod`), with tiny media files
// written here in prepare-media's layout (vod/<slug>/<ref>/).
let t: TestApp;
let mediaDir: string;
const ids: Record<string, number> = {};

const ALPHA_HOST = 'alpha.localhost:8080';
const BRAVO_HOST = 'bravo.localhost:8080';

async function writeItemMedia(slug: string, ref: string) {
  const folder = join(mediaDir, 'vod', slug, ref);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'index.m3u8'), '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-MAP:URI="init-abc.mp4"\n#EXTINF:2.0,\nseg-abc-000.m4s\n#EXT-X-ENDLIST\n');
  await writeFile(join(folder, 'init-abc.mp4'), Buffer.from('init'));
  await writeFile(join(folder, 'seg-abc-000.m4s'), Buffer.from('segment'));
  await writeFile(join(folder, 'poster.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  await writeFile(join(folder, 'poster.webp'), Buffer.from('RIFF0000WEBP'));
  await writeFile(join(folder, 'preview.mp4'), Buffer.alloc(2048, 1));
}

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'vod-routes-'));
  t = await buildTestApp({ media: { dir: mediaDir } });
  const rows = await t.database.db.selectFrom('vod_media_items').innerJoin('channels', 'channels.id', 'vod_media_items.channel_id').select(['vod_media_items.id', 'vod_media_items.ref', 'channels.slug']).execute();
  for (const row of rows) ids[`${row.slug}/${row.ref}`] = row.id;
  await writeItemMedia('alpha', 'season-review-2025');
  await writeItemMedia('alpha', 'inside-story');
  await writeItemMedia('bravo', 'secret-review');
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const id = (key: string) => {
  const found = ids[key];
  if (found === undefined) throw new Error(`no vod item ${key}`);
  return found;
};

async function get(key: string, url: string) {
  return t.app.inject({ url: `/api/${url}${url.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(key)}` });
}

function refusal(response: { statusCode: number; json(): unknown }, status: number, field: string) {
  expect(response.statusCode).toBe(status);
  expect(ApiErrorBody.parse(response.json()).field).toBe(field);
}

async function item(key: string, itemId: number) {
  const response = await get(key, `vod-media-items/${itemId}`);
  expect(response.statusCode, response.body).toBe(200);
  return VodMediaItemResponse.parse(response.json()).data;
}

async function search(key: string, query: string) {
  const response = await get(key, `vod-media/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return VodSearchResponse.parse(response.json());
}

async function userIdOf(key: string): Promise<number> {
  return ProfileResponse.parse((await get(key, 'profile')).json()).data.id;
}

/** A pass granting vod_media, bought by the viewer: running, or ended `daysAgo` days ago. */
async function givePass(key: string, state: 'running' | 'ended') {
  const db = t.database.db;
  const channelId = t.channel('alpha').id;
  const pkg = await db
    .insertInto('packages')
    .values({ channel_id: channelId, name: 'Library pass', scope: 'category', base_price: 5, service_fee: 0, offer: 'month', period: 1, capabilities: JSON.stringify(['vod_media']) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  await db
    .insertInto('orders')
    .values({
      channel_id: channelId,
      user_id: await userIdOf(key),
      type: 'package',
      status: 'paid',
      activity_status: state === 'running' ? 'active' : 'inactive',
      product_id: pkg.id,
      product_name: 'Library pass',
      amount: 5,
      currency: 'USD',
      idempotency_key: `vod-${pkg.id}-${now}`,
      request_fingerprint: 'test',
      paid_at: new Date(now - 40 * 86_400_000),
      expires_at: new Date(state === 'running' ? now + 86_400_000 : now - 86_400_000),
    })
    .execute();
}

describe('GET /vod-media-items (spec §7)', () => {
  it('lists the channel library newest first with its assets and the viewer access', async () => {
    const key = await t.keyFor('alpha');
    const response = await get(key, 'vod-media-items');
    expect(response.statusCode, response.body).toBe(200);
    const { data, meta } = VodMediaItemsResponse.parse(response.json());
    expect(data.map((i) => i.title)).toEqual(['Season review 2025', 'Coach talk: building a defence', 'Hockey féminin: the inside story', 'Season review 2024']);
    expect(meta).toEqual({ total: 4, offset: 0, limit: 24 });
    const first = data[0]!;
    expect(first).toMatchObject({ date: '2025-06-01', duration: 12, access: 'free', has_access: true, category: { name: 'Documentaries', alias: 'documentaries' } });
    expect(first.assets).toEqual([
      { type: 'image', path: '/media/vod/alpha/season-review-2025/poster.jpg', mime: 'image/jpeg', width: 1280, height: 720 },
      { type: 'image', path: '/media/vod/alpha/season-review-2025/poster.webp', mime: 'image/webp', width: 1280, height: 720 },
      { type: 'preview', path: '/media/vod/alpha/season-review-2025/preview.mp4', mime: 'video/mp4', width: 640, height: 360 },
    ]);
    // A visitor may not watch the registered and vod_media items.
    expect(data.map((i) => i.has_access)).toEqual([true, false, false, true]);
    expect(data[3]!.category).toBeNull();
  });

  it('pages and filters by category; another channel category lists nothing', async () => {
    const key = await t.keyFor('alpha');
    const page = VodMediaItemsResponse.parse((await get(key, 'vod-media-items?offset=1&limit=2')).json());
    expect(page.data.map((i) => i.title)).toEqual(['Coach talk: building a defence', 'Hockey féminin: the inside story']);
    expect(page.meta).toEqual({ total: 4, offset: 1, limit: 2 });
    const { data: categories } = VodMediaCategoriesResponse.parse((await get(key, 'vod-media-categories')).json());
    const docs = categories.find((c) => c.alias === 'documentaries')!;
    const filtered = VodMediaItemsResponse.parse((await get(key, `vod-media-items?category_id=${docs.id}`)).json());
    expect(filtered.data.map((i) => i.title)).toEqual(['Season review 2025', 'Hockey féminin: the inside story']);
    expect(filtered.meta.total).toBe(2);
    const bravoCategories = VodMediaCategoriesResponse.parse((await get(await t.keyFor('bravo'), 'vod-media-categories')).json()).data;
    const other = VodMediaItemsResponse.parse((await get(key, `vod-media-items?category_id=${bravoCategories[0]!.id}`)).json());
    expect(other).toEqual({ data: [], meta: { total: 0, offset: 0, limit: 24 } });
  });

  it('refuses bad paging naming the field', async () => {
    const key = await t.keyFor('alpha');
    refusal(await get(key, 'vod-media-items?limit=0'), 400, 'limit');
    refusal(await get(key, 'vod-media-items?limit=101'), 400, 'limit');
    refusal(await get(key, 'vod-media-items?offset=-1'), 400, 'offset');
    refusal(await get(key, 'vod-media-items?category_id=abc'), 400, 'category_id');
  });
});

describe('GET /vod-media-categories and /vod-media-rails (spec §7)', () => {
  it('answers the categories in the channel order', async () => {
    const { data } = VodMediaCategoriesResponse.parse((await get(await t.keyFor('alpha'), 'vod-media-categories')).json());
    expect(data.map((c) => [c.name, c.alias])).toEqual([
      ['Documentaries', 'documentaries'],
      ['Interviews', 'interviews'],
    ]);
  });

  it('answers the rails in order, each with its items in order', async () => {
    const { data } = VodRailsResponse.parse((await get(await t.keyFor('alpha'), 'vod-media-rails')).json());
    expect(data.map((r) => [r.title, r.vod_media_items.map((i) => i.title)])).toEqual([
      ['Featured', ['Hockey féminin: the inside story', 'Season review 2025']],
      ['Talks', ['Coach talk: building a defence']],
    ]);
    const bravo = VodRailsResponse.parse((await get(await t.keyFor('bravo'), 'vod-media-rails')).json()).data;
    expect(bravo.map((r) => r.title)).toEqual(['À la une']);
    expect(bravo[0]!.vod_media_items.map((i) => i.title)).toEqual(['Hockey féminin : la saison en revue']);
  });
});

describe('GET /vod-media-items/{id}: access (spec §6)', () => {
  it('hands a free item stream to anyone', async () => {
    const detail = await item(await t.keyFor('alpha'), id('alpha/season-review-2025'));
    expect(detail).toMatchObject({ locked: null, has_access: true, stream: { kind: 'hls', live: false } });
    expect(detail.stream!.url).toMatch(new RegExp(`^/media/s/[^/]+/vod/${id('alpha/season-review-2025')}/index\\.m3u8$`));
  });

  it('asks a visitor to log in for registered and vod_media items, with no stream', async () => {
    const key = await t.keyFor('alpha');
    expect(await item(key, id('alpha/coach-talk'))).toMatchObject({ locked: 'login', has_access: false, stream: null });
    expect(await item(key, id('alpha/inside-story'))).toMatchObject({ locked: 'login', has_access: false, stream: null });
  });

  it('opens registered items to a logged-in viewer; vod_media needs the capability', async () => {
    const viewer = await registerViewer(t);
    expect(await item(viewer, id('alpha/coach-talk'))).toMatchObject({ locked: null, has_access: true });
    expect(await item(viewer, id('alpha/inside-story'))).toMatchObject({ locked: 'vod_media', has_access: false, stream: null });
  });

  it('opens vod_media items with the capability on the account', async () => {
    const viewer = await registerViewer(t);
    await t.database.db.updateTable('users').set({ capabilities: JSON.stringify(['VOD_MEDIA']) }).where('id', '=', await userIdOf(viewer)).execute();
    const detail = await item(viewer, id('alpha/inside-story'));
    expect(detail).toMatchObject({ locked: null, has_access: true });
    expect(detail.stream?.url).toContain('/vod/');
  });

  it('opens vod_media items through a running pass, and says expired when the pass ended', async () => {
    const running = await registerViewer(t);
    await givePass(running, 'running');
    expect(await item(running, id('alpha/inside-story'))).toMatchObject({ locked: null, has_access: true });
    const list = VodMediaItemsResponse.parse((await get(running, 'vod-media-items')).json());
    expect(list.data.every((i) => i.has_access)).toBe(true);

    const lapsed = await registerViewer(t);
    await givePass(lapsed, 'ended');
    expect(await item(lapsed, id('alpha/inside-story'))).toMatchObject({ locked: 'expired', has_access: false, stream: null });
    // The free and registered items stay open to them.
    expect(await item(lapsed, id('alpha/coach-talk'))).toMatchObject({ locked: null });
  });

  it('never shows another channel item, nor an unknown one (404 naming id)', async () => {
    const key = await t.keyFor('alpha');
    refusal(await get(key, `vod-media-items/${id('bravo/saison-en-revue')}`), 404, 'id');
    refusal(await get(key, 'vod-media-items/999999'), 404, 'id');
    refusal(await get(key, 'vod-media-items/abc'), 400, 'id');
  });
});

describe('the item media (spec §6: the HLS only through the signed address)', () => {
  it('serves the HLS through the signed address handed out', async () => {
    const detail = await item(await t.keyFor('alpha'), id('alpha/season-review-2025'));
    const playlist = await t.app.inject({ url: detail.stream!.url });
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    const segment = await t.app.inject({ url: detail.stream!.url.replace('index.m3u8', 'seg-abc-000.m4s') });
    expect(segment.statusCode).toBe(200);
    expect(segment.body).toBe('segment');
  });

  it('refuses a forged token, another item id, an event token and a path out of the folder', async () => {
    const url = (await item(await t.keyFor('alpha'), id('alpha/season-review-2025'))).stream!.url;
    const token = url.split('/')[3]!;
    // One signature character changed in its full six bits (the last one carries padding bits a
    // decoder may ignore), so the forgery always differs from the real token.
    const forged = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.slice(-1)}`;
    refusal(await t.app.inject({ url: url.replace(token, forged) }), 403, 'token');
    refusal(await t.app.inject({ url: url.replace(`/vod/${id('alpha/season-review-2025')}/`, `/vod/${id('alpha/inside-story')}/`) }), 403, 'token');
    // An event's token never opens an item of the same id.
    const eventToken = t.app.media.streamUrl({ channelId: t.channel('alpha').id, eventId: id('alpha/inside-story'), live: false, sessionId: 1 }).split('/')[3]!;
    refusal(await t.app.inject({ url: `/media/s/${eventToken}/vod/${id('alpha/inside-story')}/index.m3u8` }), 403, 'token');
    refusal(await t.app.inject({ url: url.replace('index.m3u8', '..%2F..%2Finside-story%2Findex.m3u8') }), 404, 'url');
  });

  it('never reaches the HLS of a locked item without the address: the public path serves posters and previews only', async () => {
    for (const file of ['index.m3u8', 'seg-abc-000.m4s', 'init-abc.mp4']) {
      const response = await t.app.inject({ url: `/media/vod/alpha/inside-story/${file}`, headers: { host: ALPHA_HOST } });
      expect(response.statusCode).toBe(404);
    }
    const poster = await t.app.inject({ url: '/media/vod/alpha/inside-story/poster.jpg', headers: { host: ALPHA_HOST } });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const webp = await t.app.inject({ url: '/media/vod/alpha/inside-story/poster.webp', headers: { host: ALPHA_HOST } });
    expect(webp.headers['content-type']).toBe('image/webp');
    const preview = await t.app.inject({ url: '/media/vod/alpha/inside-story/preview.mp4', headers: { host: ALPHA_HOST, range: 'bytes=0-99' } });
    expect(preview.statusCode).toBe(206);
    expect(preview.headers['content-type']).toBe('video/mp4');
    expect(preview.rawPayload.length).toBe(100);
  });

  it('serves an item public files on its own channel host only', async () => {
    expect((await t.app.inject({ url: '/media/vod/alpha/inside-story/poster.jpg', headers: { host: BRAVO_HOST } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/vod/bravo/secret-review/poster.jpg', headers: { host: ALPHA_HOST } })).statusCode).toBe(404);
    // A folder the channel has no item of (a recording's) is not served.
    expect((await t.app.inject({ url: '/media/vod/alpha/rec-1/poster.jpg', headers: { host: ALPHA_HOST } })).statusCode).toBe(404);
  });

  it('answers 503 naming the command when the item media is not prepared', async () => {
    const url = (await item(await t.keyFor('alpha'), id('alpha/season-review-2024'))).stream!.url;
    const response = await t.app.inject({ url });
    refusal(response, 503, 'media');
    expect(ApiErrorBody.parse(response.json()).message).toContain('prepare-media');
  });
});

describe('GET /vod-media/search (spec §5, §7)', () => {
  it('applies the spec defaults: limit 10, offset 0, newest first, title matches first', async () => {
    const { data, meta } = await search(await t.keyFor('alpha'), 'title=review');
    expect(meta).toEqual({ total: 3, offset: 0, limit: VOD_SEARCH_DEFAULT_LIMIT });
    // The two titled "review" first, newest first; then the one whose description speaks of reviews.
    expect(data.videos.map((v) => v.title)).toEqual(['Season review 2025', 'Season review 2024', 'Coach talk: building a defence']);
  });

  it('ranks by relevance when asked, and pages the videos', async () => {
    const key = await t.keyFor('alpha');
    const relevance = await search(key, 'title=season%20review%202024&sort_field=relevance');
    expect(relevance.data.videos[0]!.title).toBe('Season review 2024');
    const page = await search(key, 'title=review&limit=1&offset=1');
    expect(page.data.videos.map((v) => v.title)).toEqual(['Season review 2024']);
    expect(page.meta).toEqual({ total: 3, offset: 1, limit: 1 });
    const past = await search(key, 'title=review&offset=50');
    expect(past.data.videos).toEqual([]);
    expect(past.meta.total).toBe(3);
  });

  it('folds accents and stems the channel language', async () => {
    const alpha = await search(await t.keyFor('alpha'), 'title=hockey%20feminin');
    expect(alpha.data.videos.map((v) => v.title)).toEqual(['Hockey féminin: the inside story']);
    // English stemming: "reviews" finds "review".
    expect((await search(await t.keyFor('alpha'), 'title=reviews')).meta.total).toBe(3);
    const bravo = await search(await t.keyFor('bravo'), `title=${encodeURIComponent('HOCKEY FEMININ saisons')}`);
    expect(bravo.data.videos.map((v) => v.title)).toEqual(['Hockey féminin : la saison en revue']);
  });

  it('forgives a typo', async () => {
    const found = await search(await t.keyFor('alpha'), 'title=hocky');
    // As "hockey" finds them: the title's match, then the description's.
    expect(found.data.videos.map((v) => v.title)).toEqual(['Hockey féminin: the inside story', 'Season review 2025']);
    const seasn = await search(await t.keyFor('alpha'), 'title=seasn%20reviw');
    expect(seasn.data.videos.map((v) => v.title)).toContain('Season review 2025');
  });

  it('forgives one typo in a word of 5 to 8 letters, a swap of two neighbours counting as one, accents still folded', async () => {
    const bravo = await t.keyFor('bravo');
    // "saison" with two neighbouring letters swapped; "féminin" swapped and typed without its accent.
    const swapped = await search(bravo, 'title=saisno');
    expect(swapped.data.videos.map((v) => v.title)).toEqual(['Hockey féminin : la saison en revue']);
    const unaccented = await search(bravo, `title=${encodeURIComponent('hockey femniin')}`);
    expect(unaccented.data.videos.map((v) => v.title)).toEqual(['Hockey féminin : la saison en revue']);
    // Stems still apply to the word forgiven: "reveiws" is "reviews", which the English stem finds in all three.
    expect((await search(await t.keyFor('alpha'), 'title=reveiws')).meta.total).toBe(3);
  });

  it('forgives two typos in a word of 9 letters or more, and no more than the length allows', async () => {
    const alpha = await t.keyFor('alpha');
    // "documentary" (11 letters) with two neighbouring pairs swapped: two typos.
    const found = await search(alpha, 'title=docmuentray');
    expect(found.data.videos.map((v) => v.title)).toEqual(['Hockey féminin: the inside story']);
    expect((await search(alpha, 'title=documantery')).data.videos.map((v) => v.title)).toEqual(['Hockey féminin: the inside story']);
    // Two typos in a word of 5 to 8 letters, one in a word of 4: not forgiven; one in a word of 5: forgiven.
    expect((await search(alpha, 'title=haeckoy')).data.videos).toEqual([]);
    expect((await search(alpha, 'title=ocach')).data.videos.map((v) => v.title)).toEqual(['Coach talk: building a defence']);
    // The title's match first, then the one whose description has the word.
    expect((await search(alpha, 'title=ohckey')).data.videos.map((v) => v.title)).toEqual(['Hockey féminin: the inside story', 'Season review 2025']);
    expect((await search(alpha, 'title=gaol')).data.videos).toEqual([]);
  });

  it('forgives typos in events, teams and schools too', async () => {
    const alpha = await t.keyFor('alpha');
    const found = await search(alpha, 'title=nroth');
    expect(found.data.teams.map((team) => team.name)).toEqual(expect.arrayContaining(['Alpha North Boys', 'Alpha North Boys JV']));
    expect(found.data.schools.map((school) => school.name)).toEqual(['Alpha North High']);
    expect(found.data.events.map((e) => e.name)).toEqual(expect.arrayContaining(['North vs South', 'South vs North']));
    const final = await search(alpha, 'title=last%20saeson%20fianl');
    expect(final.data.events.map((e) => e.name)).toEqual(['Last season final']);
    const school = await search(alpha, 'title=alpah%20suoth%20hihg');
    expect(school.data.schools.map((s) => s.name)).toEqual([]);
    expect((await search(alpha, 'title=alpah%20suoth')).data.schools.map((s) => s.name)).toEqual(['Alpha South High']);
  });

  it('forgives typos in the names of what the channel adds later: the database keeps its words', async () => {
    const key = await t.keyFor('alpha');
    const channelId = t.channel('alpha').id;
    expect((await search(key, 'title=wolvreines')).data.teams).toEqual([]);
    const team = await t.database.db
      .insertInto('participants')
      .values({ channel_id: channelId, parent_id: null, participant_group_id: null, name: 'Alpha Wolverines', short_name: null, alias: null, color: null, logo: null, cover: null, gender: null, sport_category_id: null, origin: 'console' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      // What the control room does after a change: the channel's caches go.
      t.app.dataChanged.emit(channelId);
      expect((await search(key, 'title=wolvreines')).data.teams.map((found) => found.name)).toEqual(['Alpha Wolverines']);
    } finally {
      await t.database.db.deleteFrom('participants').where('id', '=', team.id).execute();
      t.app.dataChanged.emit(channelId);
    }
  });

  it('finds a team by its whole name when a dash stands between its words, and still excludes a word a dash is joined to', async () => {
    const key = await t.keyFor('alpha');
    const channelId = t.channel('alpha').id;
    const team = await t.database.db
      .insertInto('participants')
      .values({ channel_id: channelId, parent_id: null, participant_group_id: null, name: 'Alpha Ospreys – Girls Lacrosse', short_name: null, alias: null, color: null, logo: null, cover: null, gender: null, sport_category_id: null, origin: 'console' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      t.app.dataChanged.emit(channelId);
      for (const words of ['Alpha Ospreys – Girls Lacrosse', 'Alpha Ospreys - Girls Lacrosse', '– Ospreys —']) {
        expect((await search(key, `title=${encodeURIComponent(words)}`)).data.teams.map((found) => found.name), words).toEqual(['Alpha Ospreys – Girls Lacrosse']);
      }
      expect((await search(key, `title=${encodeURIComponent('Ospreys -lacrosse')}`)).data.teams).toEqual([]);
    } finally {
      await t.database.db.deleteFrom('participants').where('id', '=', team.id).execute();
      t.app.dataChanged.emit(channelId);
    }
  });

  it('lists the newest videos when there are no words (spec §5 defaults)', async () => {
    const key = await t.keyFor('alpha');
    const newest = await get(key, 'vod-media-items');
    const listed = VodMediaItemsResponse.parse(newest.json());
    for (const query of ['', 'title=', 'title=%20%20', 'sort_field=relevance']) {
      const found = await search(key, query);
      expect(found.data.videos.map((v) => v.id), query).toEqual(listed.data.slice(0, VOD_SEARCH_DEFAULT_LIMIT).map((v) => v.id));
      expect(found.meta, query).toEqual({ total: listed.meta.total, offset: 0, limit: VOD_SEARCH_DEFAULT_LIMIT });
      expect([found.data.events, found.data.teams, found.data.schools], query).toEqual([[], [], []]);
    }
    const second = await search(key, 'limit=1&offset=1');
    expect(second.data.videos.map((v) => v.id)).toEqual([listed.data[1]!.id]);
  });

  it('finds the channel events, teams and schools, never another channel ones', async () => {
    const key = await t.keyFor('alpha');
    const found = await search(key, 'title=north');
    const alphaEvents = await t.database.db.selectFrom('events').select('id').where('channel_id', '=', t.channel('alpha').id).execute();
    const alphaIds = new Set(alphaEvents.map((e) => e.id));
    expect(found.data.events.length).toBeGreaterThan(0);
    expect(found.data.events.every((e) => alphaIds.has(e.id))).toBe(true);
    expect(found.data.teams.map((team) => team.name)).toEqual(expect.arrayContaining(['Alpha North Boys', 'Alpha North Boys JV']));
    expect(found.data.teams.every((team) => team.name.startsWith('Alpha'))).toBe(true);
    expect(found.data.schools.map((school) => school.name)).toEqual(['Alpha North High']);
    expect(found.data.schools[0]).toMatchObject({ alias: 'alpha-north' });
    expect(found.data.schools[0]!.crest).toMatch(/^\/media\/pictures\/schools\//);
    expect(found.data.videos).toEqual([]);
  });

  it('shows the events found as the events calls show them to this viewer', async () => {
    const visitor = await search(await t.keyFor('alpha'), 'title=final');
    const viewer = await search(await registerViewer(t), 'title=final');
    // "Last season final" is a register event: open to a logged-in viewer only.
    expect(visitor.data.events.map((e) => [e.name, e.has_access])).toEqual([['Last season final', false]]);
    expect(viewer.data.events.map((e) => [e.name, e.has_access])).toEqual([['Last season final', true]]);
  });

  it('keeps each channel library to itself', async () => {
    const alpha = await search(await t.keyFor('alpha'), 'title=season%20review');
    expect(alpha.data.videos.map((v) => v.title)).not.toContain('Season review of Bravo');
    const bravo = await search(await t.keyFor('bravo'), 'title=season%20review');
    expect(bravo.data.videos.map((v) => v.title)).toEqual(['Season review of Bravo']);
    expect(bravo.data.teams.every((team) => team.name.startsWith('Bravo'))).toBe(true);
  });

  it('limits every group to limit', async () => {
    const found = await search(await t.keyFor('alpha'), 'title=alpha&limit=1');
    expect(found.data.teams.length).toBe(1);
    expect(found.data.schools.length).toBe(1);
    expect(found.data.events.length).toBeLessThanOrEqual(1);
  });

  it('refuses bad input naming the field', async () => {
    const key = await t.keyFor('alpha');
    refusal(await get(key, `vod-media/search?title=${'a'.repeat(101)}`), 400, 'title');
    refusal(await get(key, 'vod-media/search?title=x&limit=51'), 400, 'limit');
    refusal(await get(key, 'vod-media/search?title=x&sort_field=name'), 400, 'sort_field');
  });

  it('takes words that are search syntax or SQL as plain words', async () => {
    const key = await t.keyFor('alpha');
    for (const words of ["'; drop table vod_media_items; --", '!!! & | :*', '"review', '%', '\\']) {
      const response = await get(key, `vod-media/search?title=${encodeURIComponent(words)}`);
      expect(response.statusCode, words).toBe(200);
    }
    expect((await search(key, 'title=review')).meta.total).toBe(3);
  });
});

describe('the library seed', () => {
  it('is re-seed safe: the same library again, with new ids', async () => {
    const db = t.database.db;
    const alpha = t.channel('alpha');
    const count = async () => (await db.selectFrom('vod_media_items').select((eb) => eb.fn.countAll<string>().as('n')).where('channel_id', '=', alpha.id).executeTakeFirstOrThrow()).n;
    const before = await count();
    await seedChannel(db, alpha, new Date(), t.app.dataChanged);
    expect(await count()).toBe(before);
    const rails = VodRailsResponse.parse((await get(await t.keyFor('alpha'), 'vod-media-rails')).json()).data;
    expect(rails.map((r) => r.vod_media_items.length)).toEqual([2, 1]);
    const rows = await db.selectFrom('vod_media_items').select(['id', 'ref']).where('channel_id', '=', alpha.id).execute();
    for (const row of rows) ids[`alpha/${row.ref}`] = row.id;
    // A search asked before the re-seed is not answered from before it: the new ids.
    const found = await search(await t.keyFor('alpha'), 'title=review');
    expect(found.data.videos.map((v) => v.id)).toContain(id('alpha/season-review-2025'));
  });

  it('refuses unknown refs, a bad folder name and a recording folder name', async () => {
    const base = { settings: {}, colorSettings: t.channel('alpha').seed!.colorSettings };
    const vodItem = { ref: 'a', title: 'A', date: '2025-01-01', duration: 10, look: { color: '#000000', caption: 'A' } };
    expect(() => parseChannelSeed({ ...base, vod: { items: [{ ...vodItem, ref: 'Bad/Ref' }] } }, 'x.json')).toThrow(/vod.items.0.ref/);
    expect(() => parseChannelSeed({ ...base, vod: { items: [{ ...vodItem, ref: 'rec-1' }] } }, 'x.json')).toThrow(/recording/);
    expect(() => parseChannelSeed({ ...base, vod: { items: [vodItem, vodItem] } }, 'x.json')).toThrow(/appears twice/);
    const unknownRail = parseChannelSeed({ ...base, vod: { items: [vodItem], rails: [{ ref: 'r', title: 'R', items: ['nope'] }] } }, 'x.json');
    await expect(seedChannel(t.database.db, { ...t.channel('alpha'), seed: unknownRail })).rejects.toThrow(/unknown vod item ref "nope"/);
    const unknownCategory = parseChannelSeed({ ...base, vod: { items: [{ ...vodItem, category: 'nope' }] } }, 'x.json');
    await expect(seedChannel(t.database.db, { ...t.channel('alpha'), seed: unknownCategory })).rejects.toThrow(/unknown vod category ref "nope"/);
  });
});

describe('GET /vod-media/search throttle (architecture: inputs that cost the server work are throttled)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ media: { dir: mediaDir }, rateLimit: { max: 10_000, searchMax: 3 } });
  });
  afterAll(async () => {
    await limited.close();
  });

  const searchFrom = (key: string, words: string, remoteAddress = '203.0.113.7') =>
    limited.app.inject({ url: `/api/vod-media/search?title=${encodeURIComponent(words)}&api_key=${encodeURIComponent(key)}`, remoteAddress });

  it('answers 429 with Retry-After once a client has sent its minute of new words, and only to that client and channel', async () => {
    const alpha = await limited.keyFor('alpha');
    for (const words of ['review', 'season', 'inside']) expect((await searchFrom(alpha, words)).statusCode).toBe(200);
    const refused = await searchFrom(alpha, 'final');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ApiErrorBody.parse(refused.json()).message).toMatch(/wait a minute/);
    // Words the cache holds cost nothing and are still answered.
    expect((await searchFrom(alpha, 'review')).statusCode).toBe(200);
    // Another address, and the same address on another channel, have their own minute.
    expect((await searchFrom(alpha, 'final', '198.51.100.4')).statusCode).toBe(200);
    expect((await searchFrom(await limited.keyFor('bravo'), 'final')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it buys nothing', async () => {
    const alpha = await limited.keyFor('alpha');
    const addresses = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2::3', '2001:db8:1:2::4'];
    const answers = [];
    for (const [index, address] of addresses.entries()) answers.push((await searchFrom(alpha, `north ${index}`, address)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});
