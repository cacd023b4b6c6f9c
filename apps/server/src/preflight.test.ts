import type { ChannelConfig } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { servePreflight as preflightOfConfig } from './preflight.ts';

const channel = (slug: string, extra: Partial<ChannelConfig> = {}) => ({ config: { slug, default: slug === 'northfield', ...extra } as ChannelConfig });
const channels = [channel('northfield'), channel('laurentides')];
/** The environment parsed as `serve` parses it, then checked against the channels. */
const servePreflight = (env: Record<string, string>, folders: typeof channels) => preflightOfConfig(loadConfig(env), folders);
/** `CHANNEL_PUBLIC_ORIGINS` as `serve` reads it for these channels. */
const originsOf = (value: string | undefined, slugs: string[]) =>
  servePreflight(value === undefined ? {} : { CHANNEL_PUBLIC_ORIGINS: value }, slugs.map((slug) => channel(slug))).publicOrigins.overrides;
const SMTP = { SMTP_URL: 'smtp://mailer:secret@mail.example:587' };
const ORIGINS = { CHANNEL_PUBLIC_ORIGINS: 'northfield=https://watch.northfield.example, laurentides=https://laurentides.example' };
/** What production needs besides origins and mail: a real card provider and the shared secrets. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_not_a_real_key',
  STRIPE_WEBHOOK_SECRET: 'whsec_not_a_real_secret',
  APP_SECRET: 'a'.repeat(32),
  MEDIA_SECRET: 'm'.repeat(32),
};

describe('CHANNEL_PUBLIC_ORIGINS', () => {
  it('maps each named channel to its origin', () => {
    expect(originsOf(ORIGINS.CHANNEL_PUBLIC_ORIGINS, ['northfield', 'laurentides'])).toEqual({
      northfield: 'https://watch.northfield.example',
      laurentides: 'https://laurentides.example',
    });
    expect(originsOf(undefined, ['northfield'])).toEqual({});
    expect(originsOf('  ', ['northfield'])).toEqual({});
  });

  it('stops on a bad entry, an unknown or repeated slug, or a value that is not a bare origin, naming the variable', () => {
    for (const bad of [
      'northfield',
      '=https://x.example',
      'nosuch=https://x.example',
      'northfield=https://a.example,northfield=https://b.example',
      'northfield=https://watch.northfield.example/site',
      'northfield=watch.northfield.example',
      'northfield=ftp://watch.northfield.example',
      'northfield=https://watch.northfield.example,',
    ]) {
      expect(() => originsOf(bad, ['northfield', 'laurentides']), bad).toThrowError(/^CHANNEL_PUBLIC_ORIGINS: /);
    }
  });
});

describe('CHANNEL_SITE_ORIGINS', () => {
  const sitesOf = (value: string) => servePreflight({ CHANNEL_SITE_ORIGINS: value }, channels).publicOrigins.siteOrigins;

  it('lists each channel’s origins, a slug named once per origin', () => {
    expect(sitesOf('northfield=https://app.northfield.example, northfield=http://localhost:5173,laurentides=https://cdn.laurentides.example')).toEqual({
      northfield: ['https://app.northfield.example', 'http://localhost:5173'],
      laurentides: ['https://cdn.laurentides.example'],
    });
    expect(sitesOf(' ')).toEqual({});
  });

  it('stops on a bad entry, an unknown slug, a repeated origin or a value that is not a bare origin, naming the variable', () => {
    for (const bad of [
      'northfield',
      '=https://x.example',
      'riverton=https://r.example',
      'northfield=https://a.example,northfield=https://a.example',
      'northfield=https://a.example/',
      'northfield=*',
      'northfield=null',
      'northfield=https://A.example',
      'northfield=https://a.example,',
    ]) {
      expect(() => sitesOf(bad), bad).toThrowError(/^CHANNEL_SITE_ORIGINS: /);
    }
  });
});

describe('servePreflight', () => {
  it('outside production, starts with nothing configured (origins derived from PORT)', () => {
    expect(servePreflight({ PORT: '8202' }, channels)).toEqual({ production: false, port: 8202, publicOrigins: { overrides: {}, port: 8202, siteOrigins: {} } });
    expect(servePreflight({}, channels).port).toBe(8080);
  });

  it('refuses a bad PORT or CHANNEL_PUBLIC_ORIGINS, naming it', () => {
    expect(() => servePreflight({ PORT: 'eighty' }, channels)).toThrowError(/^PORT: /);
    expect(() => servePreflight({ PORT: '70000' }, channels)).toThrowError(/^PORT: /);
    expect(() => servePreflight({ CHANNEL_PUBLIC_ORIGINS: 'riverton=https://r.example' }, channels)).toThrowError(/^CHANNEL_PUBLIC_ORIGINS: "riverton=https:\/\/r\.example" names no channel/);
  });

  it('in production, refuses to start while a channel has no public origin, naming the channel', () => {
    const production = { ...PRODUCTION, ...SMTP };
    expect(() => servePreflight(production, channels)).toThrowError(/none for: northfield, laurentides/);
    expect(() => servePreflight({ ...production, CHANNEL_PUBLIC_ORIGINS: 'northfield=https://watch.northfield.example' }, channels)).toThrowError(/none for: laurentides\./);
    // channel.json's publicOrigin counts; the variable completes it.
    const configured = [channel('northfield', { publicOrigin: 'https://watch.northfield.example' }), channel('laurentides')];
    expect(() => servePreflight(production, configured)).toThrowError(/none for: laurentides\./);
    const started = servePreflight({ ...production, CHANNEL_PUBLIC_ORIGINS: 'laurentides=https://laurentides.example' }, configured);
    expect(started).toMatchObject({ production: true, publicOrigins: { overrides: { laurentides: 'https://laurentides.example' } } });
  });

  it('in production, refuses to start without SMTP_URL unless mail is disabled, and refuses the outbox', () => {
    const production = { ...PRODUCTION, ...ORIGINS };
    expect(() => servePreflight(production, channels)).toThrowError(/^SMTP_URL: required in production/);
    expect(servePreflight({ ...production, MAIL_DISABLED: 'true' }, channels).production).toBe(true);
    expect(servePreflight({ ...production, ...SMTP }, channels).production).toBe(true);
    expect(() => servePreflight({ ...production, MAIL_OUTBOX: 'on' }, channels)).toThrowError(/^MAIL_OUTBOX: on is refused in production/);
  });
});

describe('servePreflight in production, money and secrets', () => {
  const ready = { ...PRODUCTION, ...ORIGINS, ...SMTP };

  it('starts with a real card provider and the shared secrets', () => {
    expect(servePreflight(ready, channels).production).toBe(true);
  });

  it('refuses the sandbox, which approves test cards and grants access without money, naming the variable', () => {
    const { PAYMENT_PROVIDER: _provider, ...unset } = ready;
    expect(() => servePreflight(unset, channels)).toThrowError(/^PAYMENT_PROVIDER: production takes real payments/);
    expect(() => servePreflight({ ...ready, PAYMENT_PROVIDER: 'sandbox' }, channels)).toThrowError(/^PAYMENT_PROVIDER: /);
    expect(() => servePreflight({ ...ready, PAYMENT_SANDBOX: 'on' }, channels)).toThrowError(/^PAYMENT_SANDBOX: on is refused in production/);
    expect(() => servePreflight({ ...ready, STRIPE_WEBHOOK_SECRET: '' }, channels)).toThrowError(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses to make up the secrets every instance must share, or short ones, naming each', () => {
    for (const name of ['APP_SECRET', 'MEDIA_SECRET'] as const) {
      const { [name]: _secret, ...without } = ready;
      expect(() => servePreflight(without, channels), name).toThrowError(new RegExp(`^${name}: required in production`));
      expect(() => servePreflight({ ...ready, [name]: 'short' }, channels), name).toThrowError(new RegExp(`^${name}: .*at least 32`));
    }
  });
});

describe('CHANNEL_ERROR_DSNS', () => {
  it('stops on a channel that does not exist, naming the variable', () => {
    expect(() => servePreflight({ CHANNEL_ERROR_DSNS: 'northfeild=https://k@errors.example/1' }, channels)).toThrowError(/^CHANNEL_ERROR_DSNS: "northfeild" names no channel/);
    expect(() => servePreflight({ CHANNEL_ERROR_DSNS: 'northfield=https://k@errors.example/1' }, channels)).not.toThrow();
  });
});
