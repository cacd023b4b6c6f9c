import type { ViewerPoll } from '@grandstand/contract';
import { baseApi, staleOnViewerChange } from '@grandstand/store';

const POLL_TAGS = ['EventPoll'] as const;
// The viewer's own answer is in the answer: another viewer (a login, a logout) reads it again.
staleOnViewerChange('session', POLL_TAGS);

/** An event's poll on its watch page, and the vote (modules/engagement on the server). */
export const pollApi = baseApi.enhanceEndpoints({ addTagTypes: POLL_TAGS }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** GET /events/{id}/poll: the open poll, else the last one closed; null when the event has none. */
    getEventPoll: build.query<ViewerPoll | null, number>({
      query: (eventId) => ({ url: `/events/${eventId}/poll` }),
      transformResponse: (response: { data: ViewerPoll | null }) => response.data,
      providesTags: (_result, _error, eventId) => [{ type: 'EventPoll', id: eventId }],
    }),
    /** POST /polls/{id}/vote: the answer is the poll with the vote counted, written into the event's entry. */
    votePoll: build.mutation<ViewerPoll, { pollId: number; eventId: number; answer: number }>({
      query: ({ pollId, answer }) => ({ url: `/polls/${pollId}/vote`, method: 'POST', body: { answer } }),
      transformResponse: (response: { data: ViewerPoll }) => response.data,
      async onQueryStarted({ eventId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(pollApi.util.upsertQueryData('getEventPoll', eventId, data));
        // Closed or voted from another tab meanwhile: what the server holds now.
        else dispatch(pollApi.util.invalidateTags([{ type: 'EventPoll', id: eventId }]));
      },
    }),
  }),
});
