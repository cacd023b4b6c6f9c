import { describe, expect, it } from 'vitest';
import type { LoadedChannel } from './loadChannels.ts';
import { ChannelRegistry } from './registry.ts';

function channel(id: number, slug: string, isDefault: boolean): LoadedChannel {
  return { id, dir: `/channels/${slug}`, seed: null, logoFile: null, config: { slug, name: slug, default: isDefault, channelKey: `${slug}-key-0123456789`, language: 'en', currency: 'USD', fallbackColors: {} as never } };
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
