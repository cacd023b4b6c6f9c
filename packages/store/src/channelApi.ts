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
import type { SessionState } from './sessionSlice.ts';
import { tagsStaleOn } from './viewerTags.ts';

/** spec §8: the settings and menu calls crash the site on any 4xx or 5xx. */
const CHANNEL_CRASH_CODES = ['5xx', '4xx'];

/**
 * The `data` payload of an answer. The server validates and serialises every answer with the
 * contract's schemas (and its tests hold the real answers to them), so the client types with the
 * contract and carries none of its schema code: zod stays out of the viewer's JavaScript.
 */
function payload<Data>(response: { data: Data }): Data {
  return response.data;
}

/** The startup and channel-wide calls of spec §4 and §7. */
export const channelApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getSettings: build.query<ChannelSettings, void>({
      query: () => ({ url: '/settings', crashCodes: CHANNEL_CRASH_CODES }),
      transformResponse: payload<ChannelSettings>,
      providesTags: ['Settings'],
    }),
    getMenu: build.query<MenuItem[], void>({
      query: () => ({ url: '/menu', crashCodes: CHANNEL_CRASH_CODES }),
      transformResponse: payload<MenuItem[]>,
      providesTags: ['Menu'],
    }),
    getPages: build.query<Page[], void>({
      query: () => ({ url: '/pages' }),
      transformResponse: payload<Page[]>,
      providesTags: (pages = []) => ['Pages', ...pages.map((page) => ({ type: 'Page' as const, id: page.id }))],
    }),
    getPage: build.query<PageDetail, number>({
      query: (id) => ({ url: `/pages/${id}` }),
      transformResponse: payload<PageDetail>,
      providesTags: (_page, _error, id) => [{ type: 'Page', id }],
    }),
    getColorSettings: build.query<ColorSettings, void>({
      query: () => ({ url: '/color-settings/web' }),
      transformResponse: payload<ColorSettings>,
      providesTags: ['ColorSettings'],
    }),
    getSlides: build.query<Slide[], string | void>({
      query: (type) => ({ url: '/slides/web', params: { type: type || undefined } }),
      transformResponse: payload<Slide[]>,
      providesTags: ['Slides'],
    }),
    getFaq: build.query<FaqItem[], void>({
      query: () => ({ url: '/faq' }),
      transformResponse: payload<FaqItem[]>,
      providesTags: ['Faq'],
    }),
    getCustomForm: build.query<CustomForm | null, string>({
      // spec §7: a 404 is tolerated and means the channel has no such form.
      async queryFn(alias, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: `/custom-forms/${encodeURIComponent(alias)}`, tolerate404: true });
        if (result.error) return result.error.status === 404 ? { data: null } : { error: result.error };
        return { data: payload(result.data as { data: CustomForm }) };
      },
      providesTags: (_form, _error, alias) => [{ type: 'CustomForm', id: alias }],
    }),
    getGeo: build.query<Geo, void>({
      query: () => ({ url: '/geo' }),
      transformResponse: payload<Geo>,
      providesTags: ['Geo'],
    }),
    getProfile: build.query<User, void>({
      // spec §7: the profile call tolerates 401; the client clears the user without a report.
      query: () => ({ url: '/profile', tolerate401: true }),
      transformResponse: payload<User>,
      providesTags: ['Profile'],
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const before = (getState() as { session?: SessionState }).session?.user?.id ?? null;
        try {
          const { data } = await queryFulfilled;
          dispatch(setUser(data));
          // The key became someone else's session without a login here: a device linked with a code
          // (spec §1). Everything cached for the viewer before (an event's "Log in to watch", its
          // stream, the orders) is fetched again as them, as after a login.
          if (data.id !== before) dispatch(baseApi.util.invalidateTags(tagsStaleOn('session').filter((tag) => tag !== 'Profile')));
        } catch {
          // A failed profile leaves the user as the client's events set it (cleared on 401).
        }
      },
    }),
    getEventCategories: build.query<EventCategory[], void>({
      query: () => ({ url: '/events-categories' }),
      transformResponse: payload<EventCategory[]>,
      providesTags: ['EventCategories'],
    }),
    getParticipants: build.query<Participant[], void>({
      query: () => ({ url: '/participants', params: { no_limit: 1 } }),
      transformResponse: payload<Participant[]>,
      providesTags: ['Participants'],
    }),
    getParticipantGroups: build.query<ParticipantGroup[], void>({
      query: () => ({ url: '/participant-groups' }),
      transformResponse: payload<ParticipantGroup[]>,
      providesTags: ['ParticipantGroups'],
    }),
    getParticipantGroupProperties: build.query<ParticipantGroupProperty[], void>({
      query: () => ({ url: '/participant-group-properties' }),
      transformResponse: payload<ParticipantGroupProperty[]>,
      providesTags: ['ParticipantGroupProperties'],
    }),
    getEventLocations: build.query<EventLocation[], void>({
      query: () => ({ url: '/events-locations' }),
      transformResponse: payload<EventLocation[]>,
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
