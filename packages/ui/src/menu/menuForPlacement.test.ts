import { describe, expect, it } from 'vitest';
import { menuForPlacement } from './menuForPlacement.ts';

const items = [
  { id: 1, placement: 'header' as const },
  { id: 2, placement: 'footer' as const },
  { id: 3, placement: 'both' as const },
  { id: 4, placement: 'header' as const },
];

describe('menuForPlacement', () => {
  it('puts header and both entries in the header, in their order (spec §3)', () => {
    expect(menuForPlacement(items, 'header').map((item) => item.id)).toEqual([1, 3, 4]);
  });

  it('puts footer and both entries in the footer', () => {
    expect(menuForPlacement(items, 'footer').map((item) => item.id)).toEqual([2, 3]);
  });

  it('gives an empty menu for no entries', () => {
    expect(menuForPlacement([], 'header')).toEqual([]);
  });
});
