// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findChannelLeaks } from './channelLeaks.ts';

const channels = [
  { slug: 'alpha', name: 'Alpha Sports Network', channelKey: 'al_pub_0123456789abcdef' },
  { slug: 'bravo', name: 'Ligue Bravo', channelKey: 'br_pub_fedcba9876543210' },
];

let dist: string;
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'grandstand-leaks-'));
  mkdirSync(join(dist, 'site', 'assets'), { recursive: true });
  mkdirSync(join(dist, '.ssr'), { recursive: true });
  writeFileSync(join(dist, 'site', 'index.html'), '<title>%CHANNEL_NAME%</title>');
  writeFileSync(join(dist, 'site', 'assets', 'startup-abc.js'), 'const channel = readSiteChannel(document);');
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('a channel in the site build', () => {
  it('finds nothing in a build that names no channel', () => {
    expect(findChannelLeaks(dist, channels)).toEqual([]);
  });

  it('names each file that holds a channel\'s name or key, the server renderer and the compressed copies included', () => {
    writeFileSync(join(dist, 'site', 'assets', 'startup-def.js'), 'export default {name:"Alpha Sports Network"};');
    writeFileSync(join(dist, '.ssr', 'entry-server.js'), 'const key = "br_pub_fedcba9876543210";');
    // Only the compressed copy holds it: a browser that accepts brotli would get it.
    writeFileSync(join(dist, 'site', 'assets', 'event-display-1.js.br'), brotliCompressSync('title:"Ligue Bravo"'));
    writeFileSync(join(dist, 'site', 'index.html.gz'), gzipSync('<meta content="al_pub_0123456789abcdef">'));
    const leaks = findChannelLeaks(dist, channels);
    expect(leaks).toHaveLength(4);
    expect(leaks).toEqual(
      expect.arrayContaining([
        { file: join('site', 'assets', 'startup-def.js'), slug: 'alpha', found: 'name' },
        { file: join('.ssr', 'entry-server.js'), slug: 'bravo', found: 'channel key' },
        { file: join('site', 'assets', 'event-display-1.js.br'), slug: 'bravo', found: 'name' },
        { file: join('site', 'index.html.gz'), slug: 'alpha', found: 'channel key' },
      ]),
    );
  });
});
