import { beforeEach, describe, expect, it } from 'vitest';
import { forgetWish, parseWish, readWish, rememberWish } from './wish.ts';

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('the follow wish kept across the login', () => {
  it('keeps kind, id and name for the tab, and forgets them', () => {
    rememberWish({ kind: 'category', id: 100, name: 'Hockey' });
    expect(readWish()).toEqual({ kind: 'category', id: 100, name: 'Hockey' });
    forgetWish();
    expect(readWish()).toBeNull();
  });

  it.each([
    ['not JSON', '{kind'],
    ['an unknown kind', JSON.stringify({ kind: 'user', id: 1, name: 'x' })],
    ['a non-integer id', JSON.stringify({ kind: 'participant', id: 1.5, name: 'x' })],
    ['a zero id', JSON.stringify({ kind: 'participant', id: 0, name: 'x' })],
    ['an id past 32 bits', JSON.stringify({ kind: 'participant', id: 2_147_483_648, name: 'x' })],
    ['an id as text', JSON.stringify({ kind: 'participant', id: '1', name: 'x' })],
    ['an empty name', JSON.stringify({ kind: 'participant', id: 1, name: '' })],
    ['a huge name', JSON.stringify({ kind: 'participant', id: 1, name: 'x'.repeat(201) })],
    ['null', 'null'],
  ])('reads %s as no wish', (_what, raw) => {
    expect(parseWish(raw)).toBeNull();
  });
});
