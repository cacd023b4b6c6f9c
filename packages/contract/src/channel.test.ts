import { describe, expect, it } from 'vitest';
import { ChannelSettings } from './channel.ts';
import { testSettings } from './testing.ts';

const { analytics_url: _url, error_dsn: _dsn, analytics_consent: _consent, ...older } = testSettings();

describe('ChannelSettings: analytics and error reports', () => {
  it('defaults what an older server leaves out: no analytics calls, no reports, a notice', () => {
    const settings = ChannelSettings.parse(older);
    expect(settings).toMatchObject({ analytics_url: null, error_dsn: null, analytics_consent: 'notice' });
  });

  it('takes the service address, a DSN and each consent mode', () => {
    for (const mode of ['off', 'notice', 'opt-in'] as const) {
      const settings = ChannelSettings.parse({
        ...older,
        analytics_url: 'https://stats.northfield.example',
        error_dsn: 'https://5f2c0d1a@errors.northfield.example/42',
        analytics_consent: mode,
      });
      expect(settings).toMatchObject({ analytics_url: 'https://stats.northfield.example', error_dsn: 'https://5f2c0d1a@errors.northfield.example/42', analytics_consent: mode });
    }
  });

  it('refuses a consent mode it does not know, naming the field', () => {
    const result = ChannelSettings.safeParse({ ...older, analytics_consent: 'maybe' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['analytics_consent']);
  });

  it('refuses an address that is not http(s): a script address is no analytics service', () => {
    for (const analytics_url of ['javascript:alert(1)', 'data:text/plain,x', 'stats.example', '']) {
      const result = ChannelSettings.safeParse({ ...older, analytics_url });
      expect(result.success, analytics_url).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['analytics_url']);
    }
  });

  it('refuses a DSN without its public key or project id', () => {
    for (const error_dsn of ['https://errors.example/42', 'https://key@errors.example/', 'https://key@errors.example/project', 'ftp://key@errors.example/1']) {
      const result = ChannelSettings.safeParse({ ...older, error_dsn });
      expect(result.success, error_dsn).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['error_dsn']);
    }
  });
});
