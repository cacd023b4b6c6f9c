import { describe, expect, it } from 'vitest';
import { parseChannelConfig } from './channelConfig.ts';

const valid = {
  slug: 'riverton',
  name: 'Riverton Sports',
  channelKey: 'rv_pub_0123456789abcdef',
  language: 'en',
  currency: 'USD',
  fallbackColors: {
    'header-background': '#000000',
    'header-text-color': '#ffffff',
    'body-background': '#ffffff',
    'body-text-color': '#111111',
    'footer-background': '#222222',
    'footer-text-color': '#eeeeee',
    'primary-color': '#ff6600',
    'secondary-color': '#0066ff',
  },
};

describe('parseChannelConfig', () => {
  it('accepts a valid channel and defaults `default` to false', () => {
    const config = parseChannelConfig(valid, 'channels/riverton/channel.json');
    expect(config.slug).toBe('riverton');
    expect(config.default).toBe(false);
  });

  it('names the file and the field at fault', () => {
    const broken = { ...valid, currency: 'dollars', fallbackColors: { ...valid.fallbackColors, 'primary-color': 'orange' } };
    expect(() => parseChannelConfig(broken, 'channels/riverton/channel.json')).toThrowError(
      /channels\/riverton\/channel\.json is not a valid channel config:[\s\S]*currency: must be an ISO 4217 code[\s\S]*fallbackColors\.primary-color: must be a colour/,
    );
  });

  it('refuses a slug that could not be a host name label', () => {
    expect(() => parseChannelConfig({ ...valid, slug: 'River Ton' }, 'x.json')).toThrowError(/slug: must be 2 to 40 lowercase/);
  });

  it('refuses a language the product does not speak', () => {
    expect(() => parseChannelConfig({ ...valid, language: 'de' }, 'x.json')).toThrowError(/language/);
  });
});
