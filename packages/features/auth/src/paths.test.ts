import { describe, expect, it } from 'vitest';
import { isAuthPath, isGuestOnlyPath } from './paths.ts';

describe('auth paths', () => {
  it('names the authentication pages, which are never remembered as the last page (spec §2)', () => {
    for (const path of ['/login', '/registration', '/verify-notice', '/verify-email', '/password-reset-request', '/password-reset', '/login/']) {
      expect(isAuthPath(path)).toBe(true);
    }
    expect(isAuthPath('/profile')).toBe(false);
    expect(isAuthPath('/watch/3')).toBe(false);
  });

  it('names the pages a logged-in user is sent home from (spec §2)', () => {
    expect(['/login', '/registration', '/password-reset-request', '/password-reset'].every(isGuestOnlyPath)).toBe(true);
    expect(isGuestOnlyPath('/verify-email')).toBe(false);
    expect(isGuestOnlyPath('/profile/edit')).toBe(false);
  });
});
