import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChannelFolders } from '../../core/channels/loadChannels.ts';
import { layout } from '../../core/media/library.ts';
import { prepareMedia } from '../../core/media/prepare.ts';
import { TEST_MEDIA_CACHE } from '../../../test/support/mediaCache.ts';
import { prepareVodItem, type PrepareVodItemOptions, vodCardSvg, vodItemDir, vodItemsOf, type VodItemMedia } from '../../core/media/vod.ts';
import { repoRoot } from '../../core/paths.ts';
import { FIXTURE_CHANNELS_DIR } from '../../../test/helper.ts';

// One real, short item: the HLS at a tiny rendition (fast), the posters and the preview at the
// sizes the contract promises whatever the rendition.
const SECONDS = 8;
const TINY = { width: 160, height: 90, fps: 10, videoKbps: 100 };

let dir: string;

const item: VodItemMedia = {
  ref: 'season-review',
  title: 'Hockey féminin : la saison en revue <b>&</b> "les séries"',
  duration: SECONDS,
  look: { color: '#1d4e89', caption: 'La saison en revue' },
};

function options(overrides: Partial<PrepareVodItemOptions> = {}): PrepareVodItemOptions {
  return { dir, channelSlug: 'alpha', channelName: 'Alpha Sports', accent: '#f2a900', item, quality: TINY, ...overrides };
}

interface Probe {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; profile?: string }[];
  format: { duration?: string; format_name: string };
}

async function probe(file: string): Promise<Probe> {
  const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height,profile:format=duration,format_name', '-of', 'json', file]);
  return JSON.parse(stdout) as Probe;
}

function segmentsOf(playlist: string): string[] {
  return playlist.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

/** The top-level MP4 boxes in file order (`ftyp`, `moov`, `mdat`, …). */
async function topLevelBoxes(file: string): Promise<string[]> {
  const bytes = await readFile(file);
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(at);
    boxes.push(bytes.subarray(at + 4, at + 8).toString('latin1'));
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

async function workLeftovers(): Promise<string[]> {
  const work = join(dir, layout.work);
  return existsSync(work) ? readdir(work) : [];
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grandstand-vod-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a library item\'s media', () => {
  const folder = () => join(dir, vodItemDir('alpha', item.ref));

  beforeAll(async () => {
    expect(await prepareVodItem(options())).toBe('built');
  }, 120_000);

  it('packages the item as finished HLS: 2 s segments of H.264 for its whole length, without sound', async () => {
    const playlist = await readFile(join(folder(), 'index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(playlist).toContain('#EXT-X-TARGETDURATION:2');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(segmentsOf(playlist)).toHaveLength(SECONDS / 2);
    const hls = await probe(join(folder(), 'index.m3u8'));
    expect(Number(hls.format.duration)).toBeCloseTo(SECONDS, 1);
    expect(hls.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(hls.streams[0]).toMatchObject({ codec_name: 'h264', width: TINY.width, height: TINY.height });
  });

  it('writes the posters at 1280 × 720, as JPEG and WebP', async () => {
    expect((await probe(join(folder(), 'poster.jpg'))).streams[0]).toMatchObject({ codec_name: 'mjpeg', width: 1280, height: 720 });
    expect((await probe(join(folder(), 'poster.webp'))).streams[0]).toMatchObject({ codec_name: 'webp', width: 1280, height: 720 });
  });

  it('writes a silent 6 s preview at 640 × 360 in H.264 whose index comes first (it plays before it has loaded)', async () => {
    const preview = await probe(join(folder(), 'preview.mp4'));
    expect(Number(preview.format.duration)).toBeCloseTo(6, 1);
    expect(preview.streams).toHaveLength(1);
    expect(preview.streams[0]).toMatchObject({ codec_type: 'video', codec_name: 'h264', width: 640, height: 360 });
    const boxes = await topLevelBoxes(join(folder(), 'preview.mp4'));
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  });

  it('leaves no work folder behind and holds only the item\'s media', async () => {
    expect(await workLeftovers()).toEqual([]);
    const files = await readdir(folder());
    expect(files.filter((file) => !/^(index\.m3u8|init-[0-9a-f]{12}\.mp4|seg-[0-9a-f]{12}-\d{3}\.m4s|poster\.(jpg|webp)|preview\.mp4)$/.test(file))).toEqual([]);
    // Served like the recordings' folders, not private to the process that made it.
    expect((await stat(folder())).mode & 0o777).toBe(0o755);
  });

  it('keeps what is present: a second run does no ffmpeg work at all', async () => {
    const playlist = join(folder(), 'index.m3u8');
    const before = (await stat(playlist)).mtimeMs;
    // Any ffmpeg run would fail to start.
    expect(await prepareVodItem(options({ ffmpegPath: '/nonexistent/ffmpeg' }))).toBe('kept');
    expect((await stat(playlist)).mtimeMs).toBe(before);
  });
});

describe('remaking and failing', () => {
  it('makes an item again when its look changes: new segment names, none of the old files left', async () => {
    const changing: VodItemMedia = { ...item, ref: 'changing' };
    const folder = join(dir, vodItemDir('alpha', changing.ref));
    expect(await prepareVodItem(options({ item: changing }))).toBe('built');
    const before = await readdir(folder);
    expect(await prepareVodItem(options({ item: { ...changing, look: { ...changing.look, color: '#8a1c1c' } } }))).toBe('built');
    const after = await readdir(folder);
    const segments = (files: string[]) => files.filter((file) => file.endsWith('.m4s'));
    expect(segments(after)).toHaveLength(SECONDS / 2);
    expect(segments(after).filter((file) => segments(before).includes(file))).toEqual([]);
    expect(await workLeftovers()).toEqual([]);
  }, 120_000);

  it('two runs at once for one item (two set-ups in parallel) make it once and both finish', async () => {
    const twice: VodItemMedia = { ...item, ref: 'twice' };
    const outcomes = await Promise.all([prepareVodItem(options({ item: twice })), prepareVodItem(options({ item: twice }))]);
    expect(outcomes.sort()).toEqual(['built', 'kept']);
    const playlist = await readFile(join(dir, vodItemDir('alpha', twice.ref), 'index.m3u8'), 'utf8');
    expect(segmentsOf(playlist)).toHaveLength(SECONDS / 2);
    expect(await workLeftovers()).toEqual([]);
  }, 120_000);

  it('a run that fails leaves neither the item nor its work folder', async () => {
    const failing: VodItemMedia = { ...item, ref: 'failing' };
    await expect(prepareVodItem(options({ item: failing, ffmpegPath: '/nonexistent/ffmpeg' }))).rejects.toThrow(/ffmpeg could not start/);
    expect(existsSync(join(dir, vodItemDir('alpha', failing.ref)))).toBe(false);
    expect(await workLeftovers()).toEqual([]);
  });
});

describe('the card', () => {
  it('escapes every text it draws', () => {
    const svg = vodCardSvg({ channelName: 'A & B <Sports>', title: item.title, caption: '<script>alert(1)</script>', color: '#1d4e89', accent: '#f2a900' });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('A &amp; B &lt;SPORTS&gt;');
  });
});

describe('the seed\'s vod items', () => {
  async function channelWith(vod: unknown): Promise<string> {
    const folder = await mkdtemp(join(tmpdir(), 'grandstand-vod-seed-'));
    await writeFile(join(folder, 'seed.json'), JSON.stringify({ vod }));
    return folder;
  }

  it('refuses a ref that would leave the item\'s folder or take a recording\'s, naming the file and the field', async () => {
    const look = { color: '#1d4e89', caption: 'Caption' };
    for (const ref of ['../../etc', 'a/b', 'Upper', 'rec-1', '']) {
      const folder = await channelWith({ items: [{ ref, title: 'T', duration: 10, look }] });
      expect(() => vodItemsOf({ dir: folder })).toThrow(new RegExp(`${join(folder, 'seed.json')}.*\\n.*vod\\.items\\.0\\.ref`));
      await rm(folder, { recursive: true });
    }
  });

  it('refuses a ref used twice, a duration out of 8–90 s and a colour that is not #rrggbb', async () => {
    const look = { color: '#1d4e89', caption: 'Caption' };
    const cases: [unknown[], RegExp][] = [
      [[{ ref: 'a', title: 'T', duration: 10, look }, { ref: 'a', title: 'U', duration: 10, look }], /vod\.items\.1\.ref: a is used twice/],
      [[{ ref: 'a', title: 'T', duration: 7, look }], /vod\.items\.0\.duration/],
      [[{ ref: 'a', title: 'T', duration: 91, look }], /vod\.items\.0\.duration/],
      [[{ ref: 'a', title: 'T', duration: 10, look: { ...look, color: 'red;drawtext' } }], /vod\.items\.0\.look\.color/],
    ];
    for (const [items, problem] of cases) {
      const folder = await channelWith({ items });
      expect(() => vodItemsOf({ dir: folder })).toThrow(problem);
      await rm(folder, { recursive: true });
    }
  });

  it('gives no items for a seed without a vod key or a folder without a seed', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'grandstand-vod-seed-'));
    expect(vodItemsOf({ dir: folder })).toEqual([]);
    await writeFile(join(folder, 'seed.json'), '{}');
    expect(vodItemsOf({ dir: folder })).toEqual([]);
    await rm(folder, { recursive: true });
  });

  it('each demo channel has a library in its language: 4+ categories, 16+ items, 3+ rails, every access level, refs that resolve', async () => {
    for (const slug of ['northfield', 'laurentides']) {
      const folder = join(repoRoot, 'channels', slug);
      const { vod } = JSON.parse(await readFile(join(folder, 'seed.json'), 'utf8')) as {
        vod: { categories: { ref: string; name: string }[]; items: { ref: string; title: string; category: string | null; access: string; date: string }[]; rails: { ref: string; items: string[] }[] };
      };
      const items = vodItemsOf({ dir: folder });
      expect(items.length, slug).toBeGreaterThanOrEqual(16);
      expect(vod.categories.length, slug).toBeGreaterThanOrEqual(4);
      expect(vod.rails.length, slug).toBeGreaterThanOrEqual(3);
      const access = vod.items.map((i) => i.access);
      expect(new Set(access), slug).toEqual(new Set(['free', 'registered', 'vod_media']));
      // Most free; a few for logged-in viewers and a few for pass holders.
      expect(access.filter((a) => a === 'free').length, slug).toBeGreaterThan(vod.items.length / 2);
      const categories = new Set(vod.categories.map((c) => c.ref));
      const refs = new Set(items.map((i) => i.ref));
      for (const i of vod.items) {
        if (i.category !== null) expect(categories.has(i.category), `${slug} ${i.ref}`).toBe(true);
        expect(i.date, `${slug} ${i.ref}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      for (const rail of vod.rails) for (const ref of rail.items) expect(refs.has(ref), `${slug} rail ${rail.ref}: ${ref}`).toBe(true);
    }
    const french = vodItemsOf({ dir: join(repoRoot, 'channels', 'laurentides') });
    expect(french.some((i) => i.title === 'Hockey féminin : la saison en revue')).toBe(true);
  });
});

describe('prepare-media', () => {
  it('makes the library items of every channel beside the recordings, and keeps them on the next run', async () => {
    const channels = await mkdtemp(join(tmpdir(), 'grandstand-vod-channels-'));
    await cp(join(FIXTURE_CHANNELS_DIR, 'alpha'), join(channels, 'alpha'), { recursive: true });
    const seedFile = join(channels, 'alpha', 'seed.json');
    const seed = JSON.parse(await readFile(seedFile, 'utf8')) as Record<string, unknown>;
    const vod = { items: [{ ref: 'documentary', title: 'A documentary', date: '2026-01-01', access: 'free', duration: 10, look: { color: '#264653', caption: 'Documentary' } }] };
    await writeFile(seedFile, JSON.stringify({ ...seed, vod }));
    const media = join(dir, 'prepare');
    await mkdir(media);
    const alpha = await loadChannelFolders(channels);
    const first = await prepareMedia({ dir: media, channels: alpha, quality: TINY, seconds: 20, cacheDir: TEST_MEDIA_CACHE });
    expect(first.built).toContain('vod/alpha/documentary');
    expect(existsSync(join(media, vodItemDir('alpha', 'documentary'), 'preview.mp4'))).toBe(true);
    const second = await prepareMedia({ dir: media, channels: alpha, quality: TINY, seconds: 20, ffmpegPath: '/nonexistent/ffmpeg' });
    expect(second.built).toEqual([]);
    expect(second.kept).toContain('vod/alpha/documentary');
    await rm(channels, { recursive: true });
  }, 180_000);
});
