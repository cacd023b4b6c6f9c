import type {
  LibraryItem,
  LibraryItemResponse,
  LibraryPosterBody,
  LibraryPreroll,
  LibraryPrerollResponse,
  LibraryPrerollsResponse,
  LibraryRail,
  LibraryRailsResponse,
  LibraryResponse,
  UpdateLibraryItemBody,
  UpdateLibraryPrerollBody,
} from '@grandstand/contract';
import type { RequestOptions } from '@grandstand/api-client';
import { baseApi } from '@grandstand/store';

/** The tags this feature adds to the store's one api. */
export const LIBRARY_TAG_TYPES = ['Library', 'LibraryPrerolls'] as const;

/** Where the resumable uploads go (tus): the console's API, signed by the operator's session cookie. */
export const UPLOADS_URL = '/api/console/library/uploads';

/** A candidate poster frame's address. */
export function frameUrl(itemId: number, frame: number): string {
  return `/api/console/library/items/${itemId}/frame?n=${frame}`;
}

function consoleCall(url: string, options: Omit<RequestOptions, 'url'> = {}): RequestOptions {
  // A 401 here means the operator's session ended: refused quietly (the console's shell asks them to sign in again).
  return { url: `/console${url}`, tolerate401: true, ...options };
}

/**
 * The control room's library calls (`/api/console/library…`): the items and rails, an item's
 * texts, access and publish date, its poster, the rails' order; the prerolls and their targeting.
 */
export const libraryApi = baseApi.enhanceEndpoints({ addTagTypes: LIBRARY_TAG_TYPES }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getLibrary: build.query<LibraryResponse, void>({
      query: () => consoleCall('/library'),
      providesTags: ['Library'],
    }),
    updateLibraryItem: build.mutation<LibraryItem, { id: number; body: UpdateLibraryItemBody }>({
      query: ({ id, body }) => consoleCall(`/library/items/${id}`, { method: 'PATCH', body: { ...body } }),
      transformResponse: (response: LibraryItemResponse) => response.item,
      invalidatesTags: ['Library'],
    }),
    deleteLibraryItem: build.mutation<unknown, number>({
      query: (id) => consoleCall(`/library/items/${id}`, { method: 'DELETE' }),
      invalidatesTags: ['Library'],
    }),
    setLibraryPoster: build.mutation<LibraryItem, { id: number; body: LibraryPosterBody }>({
      query: ({ id, body }) => consoleCall(`/library/items/${id}/poster`, { method: 'POST', body: { ...body } }),
      transformResponse: (response: LibraryItemResponse) => response.item,
      invalidatesTags: ['Library'],
    }),
    createLibraryRail: build.mutation<LibraryRail[], string>({
      query: (title) => consoleCall('/library/rails', { method: 'POST', body: { title } }),
      transformResponse: (response: LibraryRailsResponse) => response.rails,
      invalidatesTags: ['Library'],
    }),
    updateLibraryRail: build.mutation<LibraryRail[], { id: number; itemIds: number[] }>({
      query: ({ id, itemIds }) => consoleCall(`/library/rails/${id}`, { method: 'PATCH', body: { itemIds } }),
      transformResponse: (response: LibraryRailsResponse) => response.rails,
      invalidatesTags: ['Library'],
    }),
    orderLibraryRails: build.mutation<LibraryRail[], number[]>({
      query: (railIds) => consoleCall('/library/rails/order', { method: 'POST', body: { railIds } }),
      transformResponse: (response: LibraryRailsResponse) => response.rails,
      invalidatesTags: ['Library'],
    }),
    deleteLibraryRail: build.mutation<LibraryRail[], number>({
      query: (id) => consoleCall(`/library/rails/${id}`, { method: 'DELETE' }),
      transformResponse: (response: LibraryRailsResponse) => response.rails,
      invalidatesTags: ['Library'],
    }),
    getLibraryPrerolls: build.query<LibraryPrerollsResponse, void>({
      query: () => consoleCall('/library/prerolls'),
      providesTags: ['LibraryPrerolls'],
    }),
    updateLibraryPreroll: build.mutation<LibraryPreroll, { id: number; body: UpdateLibraryPrerollBody }>({
      query: ({ id, body }) => consoleCall(`/library/prerolls/${id}`, { method: 'PATCH', body: { ...body } }),
      transformResponse: (response: LibraryPrerollResponse) => response.preroll,
      invalidatesTags: ['LibraryPrerolls'],
    }),
    deleteLibraryPreroll: build.mutation<unknown, number>({
      query: (id) => consoleCall(`/library/prerolls/${id}`, { method: 'DELETE' }),
      invalidatesTags: ['LibraryPrerolls'],
    }),
  }),
});

export const {
  useGetLibraryQuery,
  useUpdateLibraryItemMutation,
  useDeleteLibraryItemMutation,
  useSetLibraryPosterMutation,
  useCreateLibraryRailMutation,
  useUpdateLibraryRailMutation,
  useOrderLibraryRailsMutation,
  useDeleteLibraryRailMutation,
  useGetLibraryPrerollsQuery,
  useUpdateLibraryPrerollMutation,
  useDeleteLibraryPrerollMutation,
} = libraryApi;
