import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signMediaToken, verifyMediaToken } from '../src/media/token.ts';

const secret = 'test-secret-of-at-least-thirty-two-bytes';
const now = 1_800_000_000;
const grant = { channelId: 3, eventId: 42, expiresAt: now + 60 };

describe('media tokens', () => {
  it('carries its channel, event and expiry back through verification', () => {
    expect(verifyMediaToken(signMediaToken(grant, secret), secret, now)).toEqual(grant);
  });

  it('is base64url: safe in a path segment', () => {
    expect(signMediaToken(grant, secret)).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('refuses a token signed with another secret (forged)', () => {
    expect(verifyMediaToken(signMediaToken(grant, 'another-secret-entirely-of-32-bytes!'), secret, now)).toBeNull();
  });

  it('refuses a payload changed to another event or channel under the original signature', () => {
    const [, signature] = signMediaToken(grant, secret).split('.');
    for (const payload of ['3.43.' + grant.expiresAt, '4.42.' + grant.expiresAt, `3.42.${grant.expiresAt + 3600}`]) {
      expect(verifyMediaToken(`${Buffer.from(payload).toString('base64url')}.${signature}`, secret, now)).toBeNull();
    }
  });

  it('refuses an expired token, and accepts it until its last second', () => {
    const token = signMediaToken(grant, secret);
    expect(verifyMediaToken(token, secret, grant.expiresAt - 1)).toEqual(grant);
    expect(verifyMediaToken(token, secret, grant.expiresAt)).toBeNull();
  });

  it('refuses malformed tokens without throwing', () => {
    const validPayload = Buffer.from('3.42.9999999999').toString('base64url');
    for (const token of ['', '.', 'abc', 'a.b.c', `${validPayload}.`, `.${validPayload}`, '%%%.%%%', 'x'.repeat(500)]) {
      expect(verifyMediaToken(token, secret, now)).toBeNull();
    }
  });

  it('refuses a correctly signed payload that is not three positive integers', () => {
    for (const payload of ['3.42', '3.-42.9999999999', '3.42.99.1', 'a.b.c', '03.42.9999999999']) {
      const token = `${Buffer.from(payload).toString('base64url')}.${signMediaToken(grant, secret).split('.')[1]}`;
      expect(verifyMediaToken(token, secret, now)).toBeNull();
      // …and signed properly too: the shape is checked after the signature.
      const signed = `${Buffer.from(payload).toString('base64url')}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
      expect(verifyMediaToken(signed, secret, now)).toBeNull();
    }
  });
});
