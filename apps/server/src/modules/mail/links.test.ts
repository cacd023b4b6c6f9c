import { describe, expect, it } from 'vitest';
import { checkLink, linkUrl, passwordBinding, signLink } from './links.ts';

const data = { channelId: 7, email: 'Dana@Example.org', expires: 1_000, purpose: 'verify-email' as const };

describe('signed links', () => {
  it('accepts its own signature until the expiry, whatever the email case', () => {
    const signature = signLink(data, 'secret');
    expect(checkLink({ ...data, email: 'dana@example.org' }, signature, 'secret', 999)).toBe('valid');
    expect(checkLink(data, signature, 'secret', 1_000)).toBe('expired');
  });

  it('calls any change of channel, email, expiry, purpose, binding or secret forged', () => {
    const signature = signLink(data, 'secret');
    expect(checkLink({ ...data, channelId: 8 }, signature, 'secret', 0)).toBe('forged');
    expect(checkLink({ ...data, email: 'other@example.org' }, signature, 'secret', 0)).toBe('forged');
    expect(checkLink({ ...data, expires: 1_001 }, signature, 'secret', 0)).toBe('forged');
    expect(checkLink({ ...data, purpose: 'password-reset' }, signature, 'secret', 0)).toBe('forged');
    expect(checkLink({ ...data, binding: 'x' }, signature, 'secret', 0)).toBe('forged');
    expect(checkLink(data, signature, 'other secret', 0)).toBe('forged');
    expect(checkLink(data, '', 'secret', 0)).toBe('forged');
  });

  it('binds a reset link to the current password hash', () => {
    expect(passwordBinding('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA')).toHaveLength(16);
    expect(passwordBinding(null)).toBe('no-password');
  });

  it('builds the site address with the query keys encoded', () => {
    expect(linkUrl('http://alpha.localhost:8080', '/verify-email', { email: 'a+b@example.org', expires: 5, signature: 'sig' })).toBe(
      'http://alpha.localhost:8080/verify-email?email=a%2Bb%40example.org&expires=5&signature=sig',
    );
  });
});
