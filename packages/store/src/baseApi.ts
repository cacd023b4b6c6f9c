import { createApi } from '@reduxjs/toolkit/query/react';
import { clientBaseQuery } from './clientBaseQuery.ts';

/** Every tag of the product; features inject their endpoints into this one api (architecture). */
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
  'Events',
  'Event',
  'Packages',
  'Subscriptions',
  'Orders',
  'Clips',
  'Favorites',
  'VodMedia',
  'VodRails',
  'User',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** spec §9: store cache time-out 60000 ms. */
export const STORE_CACHE_SECONDS = 60;

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery(),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
  keepUnusedDataFor: STORE_CACHE_SECONDS,
});
