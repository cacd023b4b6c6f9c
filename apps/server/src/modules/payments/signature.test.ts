import { describe, expect, it } from 'vitest';
import { signSandboxPayload, verifySandboxSignature } from './signature.ts';
import { WebhookSignatureError } from './types.ts';

const secret = 'test-secret-0123456789abcdef0123456789';
const body = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded' });
const now = 1_800_000_000;

describe('sandbox webhook signature', () => {
  it('has the t=<unix>,v1=<hex> form and verifies with the same secret and body', () => {
    const header = signSandboxPayload(body, secret, now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(() => verifySandboxSignature(body, header, secret, now)).not.toThrow();
  });

  it('refuses a forged signature: another secret, or a changed body', () => {
    const forged = signSandboxPayload(body, 'another-secret-0123456789abcdef012345', now);
    expect(() => verifySandboxSignature(body, forged, secret, now)).toThrow(WebhookSignatureError);
    const header = signSandboxPayload(body, secret, now);
    expect(() => verifySandboxSignature(body.replace('succeeded', 'failed'), header, secret, now)).toThrow(WebhookSignatureError);
  });

  it('refuses a re-dated header: the timestamp is part of what is signed', () => {
    const header = signSandboxPayload(body, secret, now - 1000).replace(`t=${now - 1000}`, `t=${now}`);
    expect(() => verifySandboxSignature(body, header, secret, now)).toThrow(/does not match/);
  });

  it('accepts a webhook 300 s old and refuses one older, or dated too far ahead', () => {
    expect(() => verifySandboxSignature(body, signSandboxPayload(body, secret, now - 300), secret, now)).not.toThrow();
    expect(() => verifySandboxSignature(body, signSandboxPayload(body, secret, now - 301), secret, now)).toThrow(/too old/);
    expect(() => verifySandboxSignature(body, signSandboxPayload(body, secret, now + 301), secret, now)).toThrow(WebhookSignatureError);
  });

  it('refuses missing and malformed headers', () => {
    for (const header of [undefined, '', ['t=1,v1=aa'], 't=abc,v1=00', `t=${now}`, `v1=${'0'.repeat(64)}`, `t=${now},v1=xyz`]) {
      expect(() => verifySandboxSignature(body, header, secret, now)).toThrow(WebhookSignatureError);
    }
  });

  it('accepts any of several v1 signatures (a rolled secret)', () => {
    const good = signSandboxPayload(body, secret, now).split(',')[1];
    expect(() => verifySandboxSignature(body, `t=${now},v1=${'0'.repeat(64)},${good}`, secret, now)).not.toThrow();
  });
});
