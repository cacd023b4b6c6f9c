import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelsDirFromEnv, defaultChannel, readChannel, readChannels } from './node.ts';
import { northfieldColors } from './testing.ts';

const config = (slug: string, extra: Record<string, unknown> = {}) => ({ slug, name: slug, channelKey: `${slug}_pub_0123456789abcdef`, language: 'en', currency: 'USD', fallbackColors: northfieldColors, ...extra });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'channels-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(slug: string, content: unknown): string {
  const file = join(dir, slug, 'channel.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('readChannels', () => {
  it('reads every folder holding a channel.json, in folder-name order', () => {
    write('zeta', config('zeta'));
    write('alpha', config('alpha', { default: true }));
    write('alpha-2', config('alpha-2'));
    mkdirSync(join(dir, 'drafts'));
    writeFileSync(join(dir, 'README.md'), '# channels');
    const channels = readChannels(dir);
    expect(channels.map((channel) => channel.config.slug)).toEqual(['alpha', 'alpha-2', 'zeta']);
    expect(channels[0]).toEqual({ dir: join(dir, 'alpha'), config: expect.objectContaining({ slug: 'alpha', default: true }) });
  });

  it('finds no channels in a folder that does not exist', () => {
    expect(readChannels(join(dir, 'missing'))).toEqual([]);
  });

  it('fails naming a file that is not JSON', () => {
    write('alpha', config('alpha', { default: true }));
    const file = write('bravo', '{ "slug": "bravo",');
    expect(() => readChannels(dir)).toThrowError(`${file} is not valid JSON:`);
  });

  it('fails naming the file and the field at fault, never leaving the channel out', () => {
    write('alpha', config('alpha', { default: true }));
    const file = write('bravo', config('bravo', { currency: 'dollars' }));
    expect(() => readChannels(dir)).toThrowError(`${file} is not a valid channel config:\n  currency: must be an ISO 4217 code`);
  });

  it('fails when a slug is not its folder name', () => {
    const file = write('alpha', config('bravo', { default: true }));
    expect(() => readChannels(dir)).toThrowError(`${file} is not a valid channel config:\n  slug: must equal the folder name "alpha"`);
  });

  it('requires exactly one default channel', () => {
    write('alpha', config('alpha'));
    write('bravo', config('bravo'));
    expect(() => readChannels(dir)).toThrowError(`${dir}: exactly one channel must set "default": true (found none)`);
    write('alpha', config('alpha', { default: true }));
    write('bravo', config('bravo', { default: true }));
    expect(() => readChannels(dir)).toThrowError(`${dir}: exactly one channel must set "default": true (found alpha, bravo)`);
  });

  it('narrows to the channels asked for, still checking every folder', () => {
    write('alpha', config('alpha', { default: true }));
    write('bravo', config('bravo'));
    write('charlie', config('charlie'));
    expect(readChannels(dir, { only: ['charlie', 'alpha'] }).map((channel) => channel.config.slug)).toEqual(['charlie', 'alpha']);
    expect(() => readChannels(dir, { only: ['delta'] })).toThrowError(`No channel "delta" in ${dir} (channels: alpha, bravo, charlie)`);
    write('bravo', config('bravo', { language: 'de' }));
    expect(() => readChannels(dir, { only: ['alpha'] })).toThrowError(/bravo\/channel\.json is not a valid channel config:\n {2}language/);
  });
});

describe('readChannel and defaultChannel', () => {
  it('reads one channel and the default one', () => {
    write('alpha', config('alpha'));
    write('bravo', config('bravo', { default: true }));
    expect(readChannel(dir, 'alpha').config.slug).toBe('alpha');
    expect(defaultChannel(dir).config.slug).toBe('bravo');
    expect(() => readChannel(dir, 'zulu')).toThrowError('No channel "zulu"');
  });

  it('has no default without channels', () => {
    expect(() => defaultChannel(dir)).toThrowError(`No channels in ${dir}`);
  });
});

describe('channelsDirFromEnv', () => {
  it('takes CHANNELS_DIR when set, else the fallback, made absolute', () => {
    expect(channelsDirFromEnv({ CHANNELS_DIR: dir }, '/srv/channels')).toBe(dir);
    expect(channelsDirFromEnv({ CHANNELS_DIR: 'some/channels' }, '/srv/channels')).toBe(resolve('some/channels'));
    expect(channelsDirFromEnv({}, '/srv/channels')).toBe('/srv/channels');
    expect(channelsDirFromEnv({ CHANNELS_DIR: '' }, '/srv/channels')).toBe('/srv/channels');
  });
});

describe("the repository's channels", () => {
  it('are valid, with northfield the default', () => {
    const channels = readChannels(resolve(import.meta.dirname, '../../../channels'));
    expect(channels.map((channel) => channel.config.slug)).toEqual(['laurentides', 'northfield']);
    expect(channels.filter((channel) => channel.config.default).map((channel) => channel.config.slug)).toEqual(['northfield']);
  });
});

describe('the main entry', () => {
  // The site bundles the main entry: a node: import anywhere below it would break the build or ship
  // a file reader to the browser. Only `@grandstand/contract/node` reads files.
  it('imports nothing of node, directly or through its modules', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const [, specifier] of source.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]/g)) {
        expect(specifier, `${file} imports ${specifier}`).not.toMatch(/^node:|^(fs|path|os|url)$/);
        if (specifier!.startsWith('.')) visit(resolve(dirname(file), specifier!));
      }
    };
    visit(resolve(import.meta.dirname, 'index.ts'));
    expect(seen.size).toBeGreaterThan(5);
    expect([...seen].some((file) => file.endsWith('channelFolders.ts'))).toBe(false);
  });
});
