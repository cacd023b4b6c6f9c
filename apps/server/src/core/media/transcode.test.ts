import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_FILE } from './library.ts';
import { ladderFor, probeVideo, transcodePreroll } from './transcode.ts';

const run = promisify(execFile);

/** Every file a media playlist names (its init segment and its segments), as the player asks for them. */
function namedFiles(playlist: string): string[] {
  const map = [...playlist.matchAll(/#EXT-X-MAP:URI="([^"]+)"/g)].map((match) => match[1]!);
  const segments = playlist.split('\n').filter((line) => line.length > 0 && !line.startsWith('#'));
  return [...map, ...segments];
}

describe('the library ladder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'grandstand-transcode-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // A source under every rung of the ladder gets one rendition of its own height; its playlist must
  // name files that exist and that the media route serves (the init segment was once `v%v-init.mp4`).
  it('names real, servable files when the source makes a ladder of one rendition, telling its progress', { timeout: 60_000 }, async () => {
    const source = join(dir, 'small.mp4');
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', source]);
    const probed = (await probeVideo(source))!;
    const renditions = ladderFor(probed.height, [{ height: 360, videoKbps: 800 }]);
    expect(renditions).toHaveLength(1);
    const outDir = join(dir, 'out');
    await run('mkdir', ['-p', outDir]);
    const heard: number[] = [];
    await transcodePreroll({ source, probed, renditions, outDir, playlist: 'index.m3u8', onProgress: (percent) => heard.push(percent) });
    // ffmpeg's -progress reached the caller, rising and short of 100 (the caller's, once the files are in place).
    expect(heard.length).toBeGreaterThan(0);
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
    expect(Math.max(...heard)).toBeLessThan(100);

    const files = await readdir(outDir);
    const master = await readFile(join(outDir, 'index.m3u8'), 'utf8');
    const variants = master.split('\n').filter((line) => line.endsWith('.m3u8'));
    expect(variants).toEqual(['v0.m3u8']);
    const named = namedFiles(await readFile(join(outDir, 'v0.m3u8'), 'utf8'));
    expect(named.length).toBeGreaterThan(1);
    for (const file of named) {
      expect(files, `${file} is on disk`).toContain(file);
      expect(MEDIA_FILE.test(file), `${file} is a name the media route serves`).toBe(true);
    }
  });
});
