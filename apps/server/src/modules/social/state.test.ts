import { describe, expect, it } from 'vitest';
import { createStateSealer, type SocialState, STATE_TTL_MS } from './state.ts';

const state: SocialState = {
  provider: 'google',
  channelId: 7,
  apiKey: 'key-123',
  origin: 'http://laurentides.localhost:5173',
  codeVerifier: 'verifier-abc',
  nonce: 'nonce-xyz',
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
    const now = Date.now();
    const sealed = sealer.seal(state, now);
    const [body, tag] = sealed.split('.') as [string, string];
    const altered = `${body.slice(0, 20)}${body[20] === 'A' ? 'B' : 'A'}${body.slice(21)}.${tag}`;
    expect(sealer.open(altered)).toBeNull();
    expect(sealer.open(body)).toBeNull();
    expect(createStateSealer('another secret').open(sealed)).toBeNull();
    expect(sealer.open(sealed, now + STATE_TTL_MS - 1000)).toEqual(state);
    expect(sealer.open(sealed, now + STATE_TTL_MS + 1000)).toBeNull();
    expect(sealer.open('not a state')).toBeNull();
  });
});
