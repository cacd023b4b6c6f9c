import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds the named cookie among others, spaces trimmed', () => {
    expect(readCookie('a=1; grandstand_console=abc.def ; b=2', 'grandstand_console')).toBe('abc.def');
    expect(readCookie('grandstand_console=x', 'grandstand_console')).toBe('x');
  });

  it('answers nothing without a header, for another name, or for a part without a value', () => {
    expect(readCookie(undefined, 'a')).toBeUndefined();
    expect(readCookie('ab=1', 'a')).toBeUndefined();
    expect(readCookie('a; b=2', 'a')).toBeUndefined();
  });
});
