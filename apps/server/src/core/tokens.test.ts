import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sealedTokens, signedTokens } from './tokens.ts';

const secret = 'tokens-test-secret-0123456789abcdef';
const Grant = z.object({ channelId: z.number().int(), userId: z.number().int() });
const now = 1_800_000_000;
const payload = { channelId: 1, userId: 2 };

const alter = (token: string, at: number) => {
  const [body, mac] = token.split('.') as [string, string];
  return `${body.slice(0, at)}${body[at] === 'A' ? 'B' : 'A'}${body.slice(at + 1)}.${mac}`;
};

describe.each([
  ['signed', signedTokens],
  ['sealed', sealedTokens],
] as const)('%s tokens', (_kind, tokensOf) => {
  const tokens = tokensOf(secret, 'sandbox-portal', Grant);

  it('read back their typed payload until they expire (valid while now < exp)', () => {
    const token = tokens.sign(payload, now + 60);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(tokens.verify(token, now)).toEqual(payload);
    expect(tokens.verify(token, now + 59)).toEqual(payload);
    expect(tokens.verify(token, now + 60)).toBeNull();
    expect(tokens.check(token, now + 60)).toEqual({ status: 'expired', payload, expiresAt: now + 60 });
  });

  it('refuse a token of another purpose, even with the same secret', () => {
    for (const purpose of ['media-stream', 'verify-email', 'password-reset', 'social-login-state'] as const) {
      const other = tokensOf(secret, purpose, Grant);
      expect(tokens.check(other.sign(payload, now + 60), now)).toEqual({ status: 'invalid' });
      expect(other.check(tokens.sign(payload, now + 60), now)).toEqual({ status: 'invalid' });
    }
  });

  it('refuse tampered, truncated, another secret’s and malformed tokens, expired or not', () => {
    const token = tokens.sign(payload, now + 60);
    for (const at of [0, 5, 20]) expect(tokens.check(alter(token, at), now)).toEqual({ status: 'invalid' });
    expect(tokens.check(token.split('.')[0]!, now)).toEqual({ status: 'invalid' });
    expect(tokens.check(`${token}.x`, now)).toEqual({ status: 'invalid' });
    expect(tokensOf('another-secret-0123456789abcdefghij', 'sandbox-portal', Grant).check(token, now)).toEqual({ status: 'invalid' });
    for (const bad of ['', '.', 'abc', 'a.b', '%%%.%%%', 'x'.repeat(5000)]) expect(tokens.check(bad, now)).toEqual({ status: 'invalid' });
    // Expired and forged: still invalid, never "expired".
    expect(tokens.check(alter(tokens.sign(payload, now - 60), 5), now)).toEqual({ status: 'invalid' });
  });

  it('refuse a genuine token whose payload does not fit the schema', () => {
    const loose = tokensOf(secret, 'sandbox-portal', z.unknown());
    expect(tokens.verify(loose.sign({ channelId: 'one', userId: 2 }, now + 60), now)).toBeNull();
    expect(tokens.verify(loose.sign(null, now + 60), now)).toBeNull();
  });
});

describe('signed tokens', () => {
  const tokens = signedTokens(secret, 'verify-email', Grant);

  it('show their payload, and sign the same payload the same way whatever the key order', () => {
    const token = tokens.sign(payload, now + 60);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ data: payload, exp: now + 60 });
    expect(tokens.sign({ userId: 2, channelId: 1 }, now + 60)).toBe(token);
  });

  it('give the MAC alone for a payload that travels in the clear, checked in constant time', () => {
    const signature = tokens.signature(payload, now + 60);
    expect(tokens.sign(payload, now + 60).endsWith(`.${signature}`)).toBe(true);
    expect(tokens.checkSignature(payload, now + 60, signature, now)).toBe('valid');
    expect(tokens.checkSignature(payload, now + 60, signature, now + 60)).toBe('expired');
    expect(tokens.checkSignature({ ...payload, userId: 3 }, now + 60, signature, now)).toBe('invalid');
    expect(tokens.checkSignature(payload, now + 61, signature, now)).toBe('invalid');
    expect(tokens.checkSignature(payload, now + 60, '', now)).toBe('invalid');
    expect(signedTokens(secret, 'password-reset', Grant).checkSignature(payload, now + 60, signature, now)).toBe('invalid');
  });
});

describe('sealed tokens', () => {
  it('hide their payload', () => {
    const token = sealedTokens(secret, 'social-login-state', z.object({ verifier: z.string() })).sign({ verifier: 'pkce-verifier-123' }, now + 60);
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString('latin1')).not.toContain('pkce-verifier-123');
  });
});
