import { describe, expect, it } from 'vitest';
import type { LoadedChannel } from './loadChannels.ts';
import { ChannelRegistry } from './registry.ts';

function channel(id: number, slug: string, isDefault: boolean): LoadedChannel {
  return { id, status: 'active', domains: [], updatedAt: new Date(0), config: { slug, name: slug, default: isDefault, channelKey: `${slug}-key-0123456789`, language: 'en', currency: 'USD', fallbackColors: {} as never } };
}

describe('ChannelRegistry.byHostname', () => {
  const registry = new ChannelRegistry([channel(1, 'northfield', true), channel(2, 'laurentides', false)]);

  it('maps bare hosts to the default channel and <slug>.localhost to that channel', () => {
    expect(registry.byHostname('localhost')?.config.slug).toBe('northfield');
    expect(registry.byHostname('127.0.0.1')?.config.slug).toBe('northfield');
    expect(registry.byHostname('grandstand.example')?.config.slug).toBe('northfield');
    expect(registry.byHostname('laurentides.localhost')?.config.slug).toBe('laurentides');
    expect(registry.byHostname('LAURENTIDES.localhost.')?.config.slug).toBe('laurentides');
  });

  it('answers undefined for an unknown <x>.localhost', () => {
    expect(registry.byHostname('nosuch.localhost')).toBeUndefined();
  });

  it('finds channels by key and id', () => {
    expect(registry.byChannelKey('laurentides-key-0123456789')?.id).toBe(2);
    expect(registry.byId(1)?.config.slug).toBe('northfield');
  });
});

describe('ChannelRegistry.publicOrigin', () => {
  const withOrigin = (c: LoadedChannel, publicOrigin: string): LoadedChannel => ({ ...c, config: { ...c.config, publicOrigin } });

  it('derives the default channel on localhost and the others on <slug>.localhost, at the given port', () => {
    const registry = new ChannelRegistry([channel(1, 'northfield', true), channel(2, 'laurentides', false)], { port: 8202 });
    expect(registry.publicOrigin(1)).toBe('http://localhost:8202');
    expect(registry.publicOrigin(2)).toBe('http://laurentides.localhost:8202');
    expect(new ChannelRegistry([channel(1, 'northfield', true)]).publicOrigin(1)).toBe('http://localhost:8080');
    expect(() => registry.publicOrigin(99)).toThrowError(/no channel 99/);
  });

  it('takes channel.json’s publicOrigin, and the variable’s over it', () => {
    const registry = new ChannelRegistry(
      [withOrigin(channel(1, 'northfield', true), 'https://watch.northfield.example'), withOrigin(channel(2, 'laurentides', false), 'https://old.laurentides.example')],
      { overrides: { laurentides: 'https://laurentides.example' } },
    );
    expect(registry.publicOrigin(1)).toBe('https://watch.northfield.example');
    expect(registry.publicOrigin(2)).toBe('https://laurentides.example');
  });

  it('resolves a channel’s configured host to that channel, keeping <slug>.localhost', () => {
    const registry = new ChannelRegistry([channel(1, 'northfield', true), withOrigin(channel(2, 'laurentides', false), 'https://Laurentides.example:8443'.toLowerCase())]);
    expect(registry.byHostname('laurentides.example')?.config.slug).toBe('laurentides');
    expect(registry.byHostname('LAURENTIDES.example.')?.config.slug).toBe('laurentides');
    expect(registry.byHostname('laurentides.localhost')?.config.slug).toBe('laurentides');
    expect(registry.byHostname('elsewhere.example')?.config.slug).toBe('northfield');
  });
});

describe('ChannelRegistry kept current', () => {
  it('answers a channel’s custom domains, and forgets what a changed channel no longer has', () => {
    const registry = new ChannelRegistry([channel(1, 'northfield', true), { ...channel(2, 'laurentides', false), domains: ['watch.laurentides.example'] }]);
    expect(registry.byHostname('watch.laurentides.example')?.id).toBe(2);
    expect(registry.byKnownHost('WATCH.laurentides.example.')?.id).toBe(2);
    const seen: Array<number | null> = [];
    registry.onChanged((id) => seen.push(id));
    // The domain removed, the key changed: the old ones lead nowhere (the domain falls back to the default channel).
    registry.put(2, { ...channel(2, 'laurentides', false), config: { ...channel(2, 'laurentides', false).config, channelKey: 'laurentides-new-key-0123456789' } });
    expect(registry.byKnownHost('watch.laurentides.example')).toBeUndefined();
    expect(registry.byHostname('watch.laurentides.example')?.id).toBe(1);
    expect(registry.byChannelKey('laurentides-key-0123456789')).toBeUndefined();
    expect(registry.byChannelKey('laurentides-new-key-0123456789')?.id).toBe(2);
    // A new channel answers at once; a deleted one is gone; the default moves with the config.
    registry.put(3, channel(3, 'delta', false));
    expect(registry.byHostname('delta.localhost')?.id).toBe(3);
    expect(registry.all.map((c) => c.id)).toEqual([1, 2, 3]);
    registry.put(1, channel(1, 'northfield', false));
    registry.put(3, channel(3, 'delta', true));
    expect(registry.defaultChannel?.id).toBe(3);
    expect(registry.byHostname('localhost')?.id).toBe(3);
    registry.put(3, null);
    expect(registry.byId(3)).toBeUndefined();
    expect(registry.byHostname('delta.localhost')).toBeUndefined();
    expect(registry.defaultChannel?.id).toBe(1);
    expect(seen).toEqual([2, 3, 1, 3, 3]);
  });
});
