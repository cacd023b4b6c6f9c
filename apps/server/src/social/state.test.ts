import { describe, expect, it } from 'vitest';
import { socialConfigFromEnv } from './config.ts';
import { createStateSealer, type SocialState } from './state.ts';

const state: SocialState = {
  provider: 'google',
  channelId: 7,
  apiKey: 'key-123',
  origin: 'http://laurentides.localhost:5173',
  codeVerifier: 'verifier-abc',
  nonce: 'nonce-xyz',
  expiresAt: Date.now() + 60_000,
};

describe('the sealed login state', () => {
  it('opens what it sealed, and shows none of it in the sealed text', () => {
    const sealer = createStateSealer('secret');
    const sealed = sealer.seal(state);
    expect(sealer.open(sealed)).toEqual(state);
    for (const secret of [state.apiKey, state.codeVerifier, state.nonce, 'laurentides']) expect(sealed).not.toContain(secret);
  });

  it('refuses an altered state, another secret’s state and an expired one', () => {
    const sealer = createStateSealer('secret');
    const sealed = sealer.seal(state);
    const [version, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const altered = `${version}.${iv}.${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}.${tag}`;
    expect(sealer.open(altered)).toBeNull();
    expect(sealer.open(`${version}.${iv}.${body}`)).toBeNull();
    expect(createStateSealer('another secret').open(sealed)).toBeNull();
    expect(sealer.open(sealed, state.expiresAt + 1)).toBeNull();
    expect(sealer.open('not a state')).toBeNull();
  });
});

describe('provider configuration from env', () => {
  const env = {
    SOCIAL_GOOGLE_ISSUER: 'https://accounts.google.com',
    SOCIAL_GOOGLE_CLIENT_ID: 'shared-id',
    SOCIAL_GOOGLE_CLIENT_SECRET: 'shared-secret',
    GRANDSTAND_LAURENTIDES_SOCIAL_GOOGLE_CLIENT_ID: 'laurentides-id',
    GRANDSTAND_LAURENTIDES_SOCIAL_FACEBOOK_ISSUER: 'https://www.facebook.com',
    GRANDSTAND_LAURENTIDES_SOCIAL_FACEBOOK_CLIENT_ID: 'fb-id',
  };
  const config = socialConfigFromEnv(env);

  it('takes a channel’s own value field by field over the shared one', () => {
    expect(config('laurentides', 'google')).toMatchObject({ issuer: 'https://accounts.google.com', clientId: 'laurentides-id', clientSecret: 'shared-secret', trustEmail: false });
    expect(config('northfield', 'google')).toMatchObject({ clientId: 'shared-id' });
  });

  it('has no provider without an issuer and a client id', () => {
    expect(config('northfield', 'facebook')).toBeNull();
    expect(config('laurentides', 'facebook')).toMatchObject({ clientId: 'fb-id', trustEmail: true });
  });
});
