import type { CalendarFeed, FavoritableType, Favorite } from '@grandstand/contract';
import { baseApi, staleOnViewerChange } from '@grandstand/store';

/** What a follow control knows of the thing it follows: enough to send and to show it at once. */
export interface FavoriteTarget {
  favoritable_type: FavoritableType;
  favoritable_id: number;
  /** Shown in the viewer's list until the server's answer (with its crest) replaces it. */
  name: string;
}

/** The favourite a viewer has of this team, school or sport, if any. */
export function favoriteOf(favorites: readonly Favorite[] | undefined, type: FavoritableType, id: number): Favorite | undefined {
  return favorites?.find((favorite) => favorite.favoritable_type === type && favorite.favoritable_id === id);
}

/** Favourites still on their way to the server carry a negative id, never one the server gave. */
let nextPendingId = 0;
function pendingFavorite({ favoritable_type, favoritable_id, name }: FavoriteTarget): Favorite {
  nextPendingId -= 1;
  return { id: nextPendingId, favoritable_type, favoritable_id, name, alias: null, crest: null, created_at: new Date().toISOString() };
}

/** The favourites feature's tag types: the viewer's own list and the events built from it. */
const FAVOURITES_TAGS = ['Favorites', 'FavoriteEvents'] as const;
staleOnViewerChange('session', FAVOURITES_TAGS);

/**
 * The favourites calls (spec §7 Favourites). A follow or an unfollow changes the viewer's list at
 * once (optimistic) and is undone if the server refuses; either invalidates `FavoriteEvents`, the
 * "My teams" lists built from the favourites. They do not invalidate the list itself: a refetch
 * started by one press would land over the optimistic change of another press still in flight.
 */
export const favouritesApi = baseApi.enhanceEndpoints({ addTagTypes: FAVOURITES_TAGS }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** GET /favorites: the viewer's teams, schools and sports, newest first. */
    getFavorites: build.query<Favorite[], void>({
      query: () => ({ url: '/favorites' }),
      transformResponse: (response: { data: Favorite[] }) => response.data,
      providesTags: (favorites) => [
        ...(favorites ?? []).map((favorite) => ({ type: 'Favorites' as const, id: favorite.id })),
        { type: 'Favorites' as const, id: 'LIST' },
      ],
    }),
    /** POST /favorite: follows; the same thing twice answers the favourite already made. */
    addFavorite: build.mutation<Favorite, FavoriteTarget>({
      query: ({ favoritable_type, favoritable_id }) => ({ url: '/favorite', method: 'POST', body: { favoritable_type, favoritable_id } }),
      transformResponse: (response: { data: Favorite }) => response.data,
      async onQueryStarted(target, { dispatch, queryFulfilled }) {
        const pending = pendingFavorite(target);
        const patch = dispatch(
          favouritesApi.util.updateQueryData('getFavorites', undefined, (draft) => {
            if (!favoriteOf(draft, target.favoritable_type, target.favoritable_id)) draft.unshift(pending);
          }),
        );
        try {
          const { data: made } = await queryFulfilled;
          // The server's favourite (its id, crest and alias) takes the place of the pending one.
          dispatch(
            favouritesApi.util.updateQueryData('getFavorites', undefined, (draft) => {
              const kept = draft.filter((favorite) => favorite.id !== pending.id && favorite.id !== made.id);
              const index = draft.findIndex((favorite) => favorite.id === pending.id);
              kept.splice(index < 0 ? 0 : Math.min(index, kept.length), 0, made);
              return kept;
            }),
          );
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (made) => (made ? ['FavoriteEvents'] : []),
    }),
    /** DELETE /favorite/{id}: unfollows (another viewer's or an unknown favourite is a 404). */
    removeFavorite: build.mutation<{ message: string }, Pick<Favorite, 'id' | 'name'>>({
      query: ({ id }) => ({ url: `/favorite/${id}`, method: 'DELETE' }),
      transformResponse: (response: { data: { message: string } }) => response.data,
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          favouritesApi.util.updateQueryData('getFavorites', undefined, (draft) => draft.filter((favorite) => favorite.id !== id)),
        );
        try {
          await queryFulfilled;
        } catch (failure) {
          patch.undo();
          // Already gone (unfollowed in another tab): the list and its events are read again and show that.
          if ((failure as { error?: { status?: number | null } }).error?.status === 404) {
            dispatch(favouritesApi.util.invalidateTags([{ type: 'Favorites', id: 'LIST' }, 'FavoriteEvents']));
          }
        }
      },
      invalidatesTags: (result) => (result ? ['FavoriteEvents'] : []),
    }),
    /** GET /favorites/calendar: the viewer's private calendar address (made on the first ask). */
    getCalendarFeed: build.query<CalendarFeed, void>({
      query: () => ({ url: '/favorites/calendar' }),
      transformResponse: (response: { data: CalendarFeed }) => response.data,
      providesTags: [{ type: 'Favorites', id: 'CALENDAR' }],
    }),
    /** POST /favorites/calendar: a new address; the old one answers 404 from now on. */
    renewCalendarFeed: build.mutation<CalendarFeed, void>({
      query: () => ({ url: '/favorites/calendar', method: 'POST' }),
      transformResponse: (response: { data: CalendarFeed }) => response.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data: feed } = await queryFulfilled;
          dispatch(favouritesApi.util.upsertQueryData('getCalendarFeed', undefined, feed));
        } catch {
          // The old address still works; the view says the renewal failed.
        }
      },
    }),
  }),
});

export const {
  useGetFavoritesQuery,
  useAddFavoriteMutation,
  useRemoveFavoriteMutation,
  useGetCalendarFeedQuery,
  useRenewCalendarFeedMutation,
} = favouritesApi;
