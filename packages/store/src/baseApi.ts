import { createAction } from '@reduxjs/toolkit';
import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import type { CombinedState } from '@reduxjs/toolkit/query';
import { clientBaseQuery } from './clientBaseQuery.ts';

/**
 * The tags of the store's own calls (channelApi, sharedApi). Each feature adds its own to this one
 * api with `baseApi.enhanceEndpoints({ addTagTypes })` in its `<feature>Api.ts` (architecture).
 */
export const TAG_TYPES = [
  'Settings',
  'Menu',
  'Pages',
  'Page',
  'ColorSettings',
  'Slides',
  'Faq',
  'CustomForm',
  'Geo',
  'Profile',
  'EventCategories',
  'Participants',
  'ParticipantGroups',
  'ParticipantGroupProperties',
  'EventLocations',
  'Event',
  'Orders',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** spec §9: store cache time-out 60000 ms. */
export const STORE_CACHE_SECONDS = 60;

/**
 * The cache a server render filled, handed to the browser's store before it hydrates the page
 * (architecture: the first screen comes in the HTML), so the views find their data and render the
 * same markup the server sent.
 */
export const hydrateApi = createAction<CombinedState<Record<string, never>, TagType, 'api'>>('api/hydrate');

/**
 * On a server render (no window), a view's query starts while it renders, so one render pass tells
 * the server which data the page needs; the server awaits them and renders again. In the browser
 * queries start in effects, as usual.
 */
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }));

export const baseApi = createApi({
  reducerPath: 'api',
  extractRehydrationInfo: (action, { reducerPath }) => (hydrateApi.match(action) && reducerPath === 'api' ? action.payload : undefined),
  baseQuery: clientBaseQuery(),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
  keepUnusedDataFor: STORE_CACHE_SECONDS,
});
