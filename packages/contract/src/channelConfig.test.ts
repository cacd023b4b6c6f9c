import { describe, expect, it } from 'vitest';
import { isPublicOrigin, parseChannelConfig } from './channelConfig.ts';
import { northfieldColors } from './testing.ts';

const valid = {
  slug: 'riverton',
  name: 'Riverton Sports',
  channelKey: 'rv_pub_0123456789abcdef',
  language: 'en',
  currency: 'USD',
  fallbackColors: northfieldColors,
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

describe('live', () => {
  it('packages the camera alone unless the channel turns the ladder on', () => {
    expect(parseChannelConfig(valid, 'x.json').live?.ladder ?? false).toBe(false);
    expect(parseChannelConfig({ ...valid, live: {} }, 'x.json').live).toEqual({ ladder: false });
    expect(parseChannelConfig({ ...valid, live: { ladder: true } }, 'x.json').live).toEqual({ ladder: true });
    expect(() => parseChannelConfig({ ...valid, live: { ladder: 'yes' } }, 'x.json')).toThrowError(/live\.ladder/);
  });
});

describe('publicOrigin', () => {
  it('is optional and keeps an http(s) origin', () => {
    expect(parseChannelConfig(valid, 'x.json').publicOrigin).toBeUndefined();
    expect(parseChannelConfig({ ...valid, publicOrigin: 'https://watch.riverton.example' }, 'x.json').publicOrigin).toBe('https://watch.riverton.example');
    expect(parseChannelConfig({ ...valid, publicOrigin: 'http://riverton.localhost:8080' }, 'x.json').publicOrigin).toBe('http://riverton.localhost:8080');
  });

  it('refuses anything but a bare http(s) origin, naming the field', () => {
    for (const bad of ['watch.riverton.example', 'ftp://riverton.example', 'https://riverton.example/', 'https://riverton.example/site', 'https://riverton.example?x=1', 'https://riverton.example#top', 'https://user:pw@riverton.example', 'https://Riverton.example', 'https://riverton.example:443', 'javascript:alert(1)', '']) {
      expect(() => parseChannelConfig({ ...valid, publicOrigin: bad }, 'x.json'), bad).toThrowError(/publicOrigin: must be an http\(s\) origin/);
    }
  });
});

describe('channel.json siteOrigins', () => {
  it('takes a list of bare origins', () => {
    expect(parseChannelConfig({ ...valid, siteOrigins: ['https://app.riverton.example', 'http://localhost:5173'] }, 'x.json').siteOrigins).toEqual(['https://app.riverton.example', 'http://localhost:5173']);
    expect(parseChannelConfig(valid, 'x.json').siteOrigins).toBeUndefined();
  });

  it('refuses an entry that is not a bare http(s) origin, or a list that is not one, naming the entry', () => {
    for (const bad of ['https://app.riverton.example/', 'https://App.riverton.example', '*', 'null']) {
      expect(() => parseChannelConfig({ ...valid, siteOrigins: [bad] }, 'x.json'), bad).toThrowError(/siteOrigins\.0: must be an http\(s\) origin/);
    }
    expect(() => parseChannelConfig({ ...valid, siteOrigins: 'https://app.riverton.example' }, 'x.json')).toThrowError(/siteOrigins/);
  });
});

describe('isPublicOrigin', () => {
  it('accepts exactly what a browser names an origin', () => {
    expect(isPublicOrigin('https://watch.example.com')).toBe(true);
    expect(isPublicOrigin('http://localhost:8080')).toBe(true);
    expect(isPublicOrigin('https://watch.example.com/')).toBe(false);
    expect(isPublicOrigin('not a url')).toBe(false);
  });
});
