import { describe, expect, it } from 'vitest';
import { isRemembered } from './paths.ts';

describe('remembered pages (spec §2)', () => {
  it('remembers ordinary pages but not auth or error pages', () => {
    expect(isRemembered('/live')).toBe(true);
    expect(isRemembered('/about-us/')).toBe(true);
    expect(isRemembered('/login')).toBe(false);
    expect(isRemembered('/password-reset/')).toBe(false);
    expect(isRemembered('/404')).toBe(false);
  });
});
