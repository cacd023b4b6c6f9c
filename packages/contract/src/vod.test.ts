import { describe, expect, it } from 'vitest';
import { VOD_SEARCH_DEFAULT_LIMIT, VodSearchQuery } from './vod.ts';

describe('VodSearchQuery', () => {
  it('fills the spec §5 defaults: limit 10, offset 0, sort_field date', () => {
    expect(VodSearchQuery.parse({ title: ' hockey ' })).toEqual({ title: 'hockey', offset: 0, limit: VOD_SEARCH_DEFAULT_LIMIT, sort_field: 'date' });
    expect(VOD_SEARCH_DEFAULT_LIMIT).toBe(10);
  });

  it('takes no words, or blank ones, as none: the newest videos', () => {
    expect(VodSearchQuery.parse({})).toEqual({ title: '', offset: 0, limit: VOD_SEARCH_DEFAULT_LIMIT, sort_field: 'date' });
    expect(VodSearchQuery.parse({ title: '   ' }).title).toBe('');
  });

  it('refuses too many words and out-of-range paging, naming the field', () => {
    expect(VodSearchQuery.safeParse({ title: 'x'.repeat(101) }).error?.issues[0]?.path).toEqual(['title']);
    expect(VodSearchQuery.safeParse({ title: 'x', limit: '0' }).error?.issues[0]?.path).toEqual(['limit']);
    expect(VodSearchQuery.safeParse({ title: 'x', sort_field: 'views' }).error?.issues[0]?.path).toEqual(['sort_field']);
  });
});
