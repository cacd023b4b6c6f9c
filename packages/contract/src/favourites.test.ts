import { describe, expect, it } from 'vitest';
import { CreateFavoriteBody, FAVORITE_MESSAGES, FavoriteEventsQuery } from './favourites.ts';

describe('CreateFavoriteBody', () => {
  it('takes the three spec types, the id as a number or digits', () => {
    expect(CreateFavoriteBody.parse({ favoritable_id: '12', favoritable_type: 'group' })).toEqual({ favoritable_id: 12, favoritable_type: 'group' });
    expect(CreateFavoriteBody.parse({ favoritable_id: 3, favoritable_type: 'participant' }).favoritable_type).toBe('participant');
  });

  it('refuses a type that is not a string, or not one of the allowed, with the spec messages (§5)', () => {
    const notString = CreateFavoriteBody.safeParse({ favoritable_id: 1, favoritable_type: 4 });
    expect(notString.error?.issues[0]).toMatchObject({ path: ['favoritable_type'], message: FAVORITE_MESSAGES.typeNotString });
    const notAllowed = CreateFavoriteBody.safeParse({ favoritable_id: 1, favoritable_type: 'event_location' });
    expect(notAllowed.error?.issues[0]).toMatchObject({ path: ['favoritable_type'], message: FAVORITE_MESSAGES.typeNotAllowed });
    expect(CreateFavoriteBody.safeParse({ favoritable_id: 1 }).error?.issues[0]).toMatchObject({ path: ['favoritable_type'], message: FAVORITE_MESSAGES.typeNotString });
  });
});

describe('FavoriteEventsQuery', () => {
  it('drops empty values instead of matching them (spec §5) and fills the defaults', () => {
    expect(FavoriteEventsQuery.parse({ stream_status: '', start_date: '', end_date: '', offset: '', limit: '', sort_field: '', sort_direction: '' })).toEqual({
      offset: 0,
      limit: 24,
      sort_field: 'event_utc_ts',
    });
    expect(FavoriteEventsQuery.parse({ stream_status: 'live', limit: '5' })).toMatchObject({ stream_status: 'live', limit: 5, offset: 0 });
  });

  it('still refuses a bad value', () => {
    expect(FavoriteEventsQuery.safeParse({ stream_status: 'soon' }).success).toBe(false);
    expect(FavoriteEventsQuery.safeParse({ limit: '500' }).success).toBe(false);
  });
});
