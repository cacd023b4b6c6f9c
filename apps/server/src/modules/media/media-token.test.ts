import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signMediaToken, verifyMediaToken } from '../../core/media/token.ts';
import { signedTokens } from '../../core/tokens.ts';

const secret = 'test-secret-of-at-least-thirty-two-bytes';
const now = 1_800_000_000;
const grant = { channelId: 3, eventId: 42, sessionId: 7, expiresAt: now + 60 };

describe('media tokens', () => {
  it('carries its channel, event, session and expiry back through verification', () => {
    expect(verifyMediaToken(signMediaToken(grant, secret), secret, now)).toEqual(grant);
  });

  it('is base64url: safe in a path segment', () => {
    expect(signMediaToken(grant, secret)).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('refuses a token signed with another secret (forged)', () => {
    expect(verifyMediaToken(signMediaToken(grant, 'another-secret-entirely-of-32-bytes!'), secret, now)).toBeNull();
  });

  it('refuses a payload changed to another event or channel under the original signature', () => {
    const [body, signature] = signMediaToken(grant, secret).split('.') as [string, string];
    const original = Buffer.from(body, 'base64url').toString('utf8');
    for (const payload of [original.replace('"eventId":42', '"eventId":43'), original.replace('"channelId":3', '"channelId":4'), original.replace('"sid":7', '"sid":8'), original.replace(`${grant.expiresAt}`, `${grant.expiresAt + 3600}`)]) {
      expect(payload).not.toBe(original);
      expect(verifyMediaToken(`${Buffer.from(payload).toString('base64url')}.${signature}`, secret, now)).toBeNull();
    }
  });

  it('refuses a token of another purpose signed with the same secret', () => {
    const portal = signedTokens(secret, 'sandbox-portal', z.object({ channelId: z.number(), eventId: z.number() }));
    expect(verifyMediaToken(portal.sign({ channelId: 3, eventId: 42 }, grant.expiresAt), secret, now)).toBeNull();
  });

  it('refuses an expired token, and accepts it until its last second', () => {
    const token = signMediaToken(grant, secret);
    expect(verifyMediaToken(token, secret, grant.expiresAt - 1)).toEqual(grant);
    expect(verifyMediaToken(token, secret, grant.expiresAt)).toBeNull();
  });

  it('refuses malformed tokens without throwing', () => {
    const validPayload = signMediaToken(grant, secret).split('.')[0]!;
    for (const token of ['', '.', 'abc', 'a.b.c', `${validPayload}.`, `.${validPayload}`, '%%%.%%%', 'x'.repeat(500)]) {
      expect(verifyMediaToken(token, secret, now)).toBeNull();
    }
  });

  it('refuses a correctly signed payload that is not a channel, an event and a session, positive integers', () => {
    const anything = signedTokens(secret, 'media-stream', z.unknown());
    for (const payload of [{ channelId: 3 }, { channelId: 3, eventId: -42 }, { channelId: 3, eventId: 42, sid: 7, extra: 1 }, { channelId: 3, eventId: 42 }, { channelId: 'a', eventId: 'b' }, { channelId: 3, eventId: 4.2 }, '3.42']) {
      // Signed properly with the media key: the shape is checked after the signature.
      expect(verifyMediaToken(anything.sign(payload, grant.expiresAt), secret, now)).toBeNull();
    }
  });
});
