import type {
  ConsoleEvent,
  ConsoleLive,
  ConsoleEventOptions,
  ConsoleEventResponse,
  ConsoleEventsQuery,
  ConsoleEventsResponse,
  CreateConsoleEventBody,
  ScheduleImportBody,
  ScheduleImportResponse,
  TrimRecordingBody,
  UpdateConsoleEventBody,
} from '@grandstand/contract';
import type { RequestOptions } from '@grandstand/api-client';
import { baseApi } from '@grandstand/store';

/** The tags this feature adds to the store's one api. */
export const SCHEDULE_TAG_TYPES = ['ScheduleEvent', 'ScheduleOptions', 'ScheduleLive'] as const;

export type ScheduleAction = 'publish' | 'unpublish' | 'cancel';

export interface UpdateEventArgs {
  id: number;
  body: UpdateConsoleEventBody;
}

const LIST = { type: 'ScheduleEvent', id: 'LIST' } as const;

export interface TrimRecordingArgs {
  id: number;
  body: TrimRecordingBody;
}

/**
 * A call of the console API (`/api/console/events…`). A 401 there means the operator's session
 * ended, not that the client's api key failed: refused quietly, the key kept (the console's shell
 * then asks the operator to sign in again).
 */
function consoleCall(url: string, options: Omit<RequestOptions, 'url'> = {}): RequestOptions {
  return { url: `/console${url}`, tolerate401: true, ...options };
}

/**
 * The control room's schedule calls (`/api/console/events…`, through the console's client with base
 * `/api`): the list, one event, the form's choices, create, change (a reschedule is a change of
 * `startsAt` and `timeZone`), publish, unpublish, cancel and the CSV import. A write answers the
 * event as it now is, which replaces the cached one; a create or an import also refreshes the lists.
 * The event's live screen: its ingest, signal, health and recording, the key's rotation, the end and
 * the recording's trim, each answering the live screen as it now is.
 */
export const scheduleApi = baseApi.enhanceEndpoints({ addTagTypes: SCHEDULE_TAG_TYPES }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getScheduleEvents: build.query<ConsoleEventsResponse, ConsoleEventsQuery>({
      query: ({ status, q, page }) =>
        consoleCall('/events', { params: { ...(status ? { status } : {}), ...(q ? { q } : {}), ...(page && Number(page) > 1 ? { page: Number(page) } : {}) } }),
      providesTags: (result) => [LIST, ...(result?.events ?? []).map((event) => ({ type: 'ScheduleEvent' as const, id: event.id }))],
    }),
    getScheduleEvent: build.query<ConsoleEvent, number>({
      query: (id) => consoleCall(`/events/${id}`),
      transformResponse: (response: ConsoleEventResponse) => response.event,
      providesTags: (_result, _error, id) => [{ type: 'ScheduleEvent', id }],
    }),
    getScheduleOptions: build.query<ConsoleEventOptions, void>({
      query: () => consoleCall('/events/options'),
      providesTags: ['ScheduleOptions'],
    }),
    createScheduleEvent: build.mutation<ConsoleEvent, CreateConsoleEventBody>({
      query: (body) => consoleCall('/events', { method: 'POST', body: { ...body } }),
      transformResponse: (response: ConsoleEventResponse) => response.event,
      invalidatesTags: [LIST],
    }),
    updateScheduleEvent: build.mutation<ConsoleEvent, UpdateEventArgs>({
      query: ({ id, body }) => consoleCall(`/events/${id}`, { method: 'PATCH', body: { ...body } }),
      transformResponse: (response: ConsoleEventResponse) => response.event,
      // A change can move the event between status filters, so every list is read again.
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'ScheduleEvent', id }],
    }),
    changeScheduleEventStatus: build.mutation<ConsoleEvent, { id: number; action: ScheduleAction }>({
      query: ({ id, action }) => consoleCall(`/events/${id}/${action}`, { method: 'POST' }),
      transformResponse: (response: ConsoleEventResponse) => response.event,
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'ScheduleEvent', id }],
    }),
    importSchedule: build.mutation<ScheduleImportResponse, ScheduleImportBody>({
      query: (body) => consoleCall('/events/import', { method: 'POST', body: { ...body } }),
      // A dry run changes nothing; an import adds events and may add teams, schools, venues, sports.
      invalidatesTags: (_result, _error, body) => (body.dryRun ? [] : [LIST, 'ScheduleOptions']),
    }),
    getEventLive: build.query<ConsoleLive, number>({
      query: (id) => consoleCall(`/events/${id}/live`),
      providesTags: (_result, _error, id) => [{ type: 'ScheduleLive', id }],
    }),
    rotateLiveKey: build.mutation<ConsoleLive, number>({
      query: (id) => consoleCall(`/events/${id}/live/key`, { method: 'POST' }),
      onQueryStarted: (id, { dispatch, queryFulfilled }) => keepLive(id, dispatch, queryFulfilled),
    }),
    endLive: build.mutation<ConsoleLive, number>({
      query: (id) => consoleCall(`/events/${id}/live/end`, { method: 'POST' }),
      onQueryStarted: (id, { dispatch, queryFulfilled }) => keepLive(id, dispatch, queryFulfilled),
      // The event is finished now (or soon): its list entry and its own page say so.
      invalidatesTags: (_result, _error, id) => [LIST, { type: 'ScheduleEvent', id }],
    }),
    trimRecording: build.mutation<ConsoleLive, TrimRecordingArgs>({
      query: ({ id, body }) => consoleCall(`/events/${id}/recording/trim`, { method: 'POST', body: { ...body } }),
      onQueryStarted: ({ id }, { dispatch, queryFulfilled }) => keepLive(id, dispatch, queryFulfilled),
    }),
  }),
});

/** A live screen's write answers the screen as it now is: it replaces the cached one at once, rather than waiting for the next poll. */
async function keepLive(id: number, dispatch: (action: unknown) => unknown, answered: Promise<{ data: ConsoleLive }>): Promise<void> {
  try {
    const { data } = await answered;
    dispatch(scheduleApi.util.upsertQueryData('getEventLive', id, data));
  } catch {
    // A refusal is the caller's to show; the cached screen stays as it was.
  }
}

export const {
  useGetScheduleEventsQuery,
  useGetScheduleEventQuery,
  useGetScheduleOptionsQuery,
  useCreateScheduleEventMutation,
  useUpdateScheduleEventMutation,
  useChangeScheduleEventStatusMutation,
  useImportScheduleMutation,
  useGetEventLiveQuery,
  useRotateLiveKeyMutation,
  useEndLiveMutation,
  useTrimRecordingMutation,
} = scheduleApi;
