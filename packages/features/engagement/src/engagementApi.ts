import type {
  ConsoleEvent,
  ConsoleEventsResponse,
  ConsolePoll,
  ConsolePollResponse,
  ConsolePollsResponse,
  ConsolePopup,
  ConsolePopupResponse,
  ConsolePopupsResponse,
  CreatePopupBody,
  OpenPollBody,
  UpdatePopupBody,
} from '@grandstand/contract';
import type { RequestOptions } from '@grandstand/api-client';
import { baseApi } from '@grandstand/store';

/** The tags this feature adds to the store's one api. */
export const ENGAGEMENT_TAG_TYPES = ['EventPolls', 'Popups'] as const;

/** A call of the console API: a 401 there is the operator's session ended, not the api key (the key is kept). */
function consoleCall(url: string, options: Omit<RequestOptions, 'url'> = {}): RequestOptions {
  return { url: `/console${url}`, tolerate401: true, ...options };
}

/** How often the polls page asks for the results again while a poll is open. */
export const RESULTS_REFRESH_MS = 3_000;

/**
 * The control room's live engagement calls: the events a poll can be opened on (live first, then
 * upcoming), an event's polls (open, close, results), and the channel's popups.
 */
export const engagementApi = baseApi.enhanceEndpoints({ addTagTypes: ENGAGEMENT_TAG_TYPES }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** The events live now and those to come (the schedule's own listing), for the polls page's choice. */
    getPollableEvents: build.query<ConsoleEvent[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const live = await baseQuery(consoleCall('/events', { params: { status: 'live' } }));
        if (live.error) return { error: live.error };
        const upcoming = await baseQuery(consoleCall('/events', { params: { status: 'upcoming' } }));
        if (upcoming.error) return { error: upcoming.error };
        return { data: [...(live.data as ConsoleEventsResponse).events, ...(upcoming.data as ConsoleEventsResponse).events] };
      },
    }),
    getEventPolls: build.query<ConsolePoll[], number>({
      query: (eventId) => consoleCall(`/events/${eventId}/polls`),
      transformResponse: (response: ConsolePollsResponse) => response.polls,
      providesTags: (_result, _error, eventId) => [{ type: 'EventPolls', id: eventId }],
    }),
    openPoll: build.mutation<ConsolePoll, { eventId: number; body: OpenPollBody }>({
      query: ({ eventId, body }) => consoleCall(`/events/${eventId}/polls`, { method: 'POST', body: { ...body } }),
      transformResponse: (response: ConsolePollResponse) => response.poll,
      invalidatesTags: (_result, _error, { eventId }) => [{ type: 'EventPolls', id: eventId }],
    }),
    closePoll: build.mutation<ConsolePoll, { pollId: number; eventId: number }>({
      query: ({ pollId }) => consoleCall(`/polls/${pollId}/close`, { method: 'POST', body: {} }),
      transformResponse: (response: ConsolePollResponse) => response.poll,
      invalidatesTags: (_result, _error, { eventId }) => [{ type: 'EventPolls', id: eventId }],
    }),
    getPopups: build.query<ConsolePopupsResponse, void>({
      query: () => consoleCall('/popups'),
      providesTags: ['Popups'],
    }),
    createPopup: build.mutation<ConsolePopup, CreatePopupBody>({
      query: (body) => consoleCall('/popups', { method: 'POST', body: { ...body } }),
      transformResponse: (response: ConsolePopupResponse) => response.popup,
      invalidatesTags: ['Popups'],
    }),
    updatePopup: build.mutation<ConsolePopup, { id: number; body: UpdatePopupBody }>({
      query: ({ id, body }) => consoleCall(`/popups/${id}`, { method: 'PATCH', body: { ...body } }),
      transformResponse: (response: ConsolePopupResponse) => response.popup,
      invalidatesTags: ['Popups'],
    }),
    deletePopup: build.mutation<unknown, number>({
      query: (id) => consoleCall(`/popups/${id}`, { method: 'DELETE' }),
      invalidatesTags: ['Popups'],
    }),
  }),
});

export const {
  useGetPollableEventsQuery,
  useGetEventPollsQuery,
  useOpenPollMutation,
  useClosePollMutation,
  useGetPopupsQuery,
  useCreatePopupMutation,
  useUpdatePopupMutation,
  useDeletePopupMutation,
} = engagementApi;
