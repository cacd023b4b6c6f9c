import {
  ChannelSettingsResponse,
  ColorSettingsResponse,
  CustomFormResponse,
  EventCategoriesResponse,
  EventLocationsResponse,
  FaqResponse,
  GeoResponse,
  MenuResponse,
  PageDetailResponse,
  PagesResponse,
  ParticipantGroupPropertiesResponse,
  ParticipantGroupsResponse,
  ParticipantsResponse,
  ProfileResponse,
  SlidesResponse,
} from '@grandstand/contract';
import type {
  ChannelSettings,
  ColorSettings,
  CustomForm,
  EventCategory,
  EventLocation,
  FaqItem,
  Geo,
  MenuItem,
  Page,
  PageDetail,
  Participant,
  ParticipantGroup,
  ParticipantGroupProperty,
  Slide,
  User,
} from '@grandstand/contract';
import { baseApi } from './baseApi.ts';
import { setUser } from './sessionSlice.ts';

/** spec §8: the settings and menu calls crash the site on any 4xx or 5xx. */
const CHANNEL_CRASH_CODES = ['5xx', '4xx'];

/**
 * The `data` payload of an answer, parsed with its contract schema so the defaults of the contract
 * (currency USD, preroll time) apply and a drifted answer fails loudly instead of deep in a view.
 */
function dataOf<Data>(schema: { parse(input: unknown): { data: Data } }) {
  return (response: unknown): Data => schema.parse(response).data;
}

/** The startup and channel-wide calls of spec §4 and §7. */
export const channelApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getSettings: build.query<ChannelSettings, void>({
      query: () => ({ url: '/settings', crashCodes: CHANNEL_CRASH_CODES }),
      transformResponse: dataOf(ChannelSettingsResponse),
      providesTags: ['Settings'],
    }),
    getMenu: build.query<MenuItem[], void>({
      query: () => ({ url: '/menu', crashCodes: CHANNEL_CRASH_CODES }),
      transformResponse: dataOf(MenuResponse),
      providesTags: ['Menu'],
    }),
    getPages: build.query<Page[], void>({
      query: () => ({ url: '/pages' }),
      transformResponse: dataOf(PagesResponse),
      providesTags: (pages = []) => ['Pages', ...pages.map((page) => ({ type: 'Page' as const, id: page.id }))],
    }),
    getPage: build.query<PageDetail, number>({
      query: (id) => ({ url: `/pages/${id}` }),
      transformResponse: dataOf(PageDetailResponse),
      providesTags: (_page, _error, id) => [{ type: 'Page', id }],
    }),
    getColorSettings: build.query<ColorSettings, void>({
      query: () => ({ url: '/color-settings/web' }),
      transformResponse: dataOf(ColorSettingsResponse),
      providesTags: ['ColorSettings'],
    }),
    getSlides: build.query<Slide[], string | void>({
      query: (type) => ({ url: '/slides/web', params: { type: type || undefined } }),
      transformResponse: dataOf(SlidesResponse),
      providesTags: ['Slides'],
    }),
    getFaq: build.query<FaqItem[], void>({
      query: () => ({ url: '/faq' }),
      transformResponse: dataOf(FaqResponse),
      providesTags: ['Faq'],
    }),
    getCustomForm: build.query<CustomForm | null, string>({
      // spec §7: a 404 is tolerated and means the channel has no such form.
      async queryFn(alias, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: `/custom-forms/${encodeURIComponent(alias)}`, tolerate404: true });
        if (result.error) return result.error.status === 404 ? { data: null } : { error: result.error };
        return { data: dataOf(CustomFormResponse)(result.data) };
      },
      providesTags: (_form, _error, alias) => [{ type: 'CustomForm', id: alias }],
    }),
    getGeo: build.query<Geo, void>({
      query: () => ({ url: '/geo' }),
      transformResponse: dataOf(GeoResponse),
      providesTags: ['Geo'],
    }),
    getProfile: build.query<User, void>({
      // spec §7: the profile call tolerates 401; the client clears the user without a report.
      query: () => ({ url: '/profile', tolerate401: true }),
      transformResponse: dataOf(ProfileResponse),
      providesTags: ['Profile'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(setUser(data));
        } catch {
          // A failed profile leaves the user as the client's events set it (cleared on 401).
        }
      },
    }),
    getEventCategories: build.query<EventCategory[], void>({
      query: () => ({ url: '/events-categories' }),
      transformResponse: dataOf(EventCategoriesResponse),
      providesTags: ['EventCategories'],
    }),
    getParticipants: build.query<Participant[], void>({
      query: () => ({ url: '/participants', params: { no_limit: 1 } }),
      transformResponse: dataOf(ParticipantsResponse),
      providesTags: ['Participants'],
    }),
    getParticipantGroups: build.query<ParticipantGroup[], void>({
      query: () => ({ url: '/participant-groups' }),
      transformResponse: dataOf(ParticipantGroupsResponse),
      providesTags: ['ParticipantGroups'],
    }),
    getParticipantGroupProperties: build.query<ParticipantGroupProperty[], void>({
      query: () => ({ url: '/participant-group-properties' }),
      transformResponse: dataOf(ParticipantGroupPropertiesResponse),
      providesTags: ['ParticipantGroupProperties'],
    }),
    getEventLocations: build.query<EventLocation[], void>({
      query: () => ({ url: '/events-locations' }),
      transformResponse: dataOf(EventLocationsResponse),
      providesTags: ['EventLocations'],
    }),
  }),
});

export const {
  useGetSettingsQuery,
  useGetMenuQuery,
  useGetPagesQuery,
  useGetPageQuery,
  useGetColorSettingsQuery,
  useGetSlidesQuery,
  useGetFaqQuery,
  useGetCustomFormQuery,
  useGetGeoQuery,
  useGetProfileQuery,
  useGetEventCategoriesQuery,
  useGetParticipantsQuery,
  useGetParticipantGroupsQuery,
  useGetParticipantGroupPropertiesQuery,
  useGetEventLocationsQuery,
} = channelApi;
