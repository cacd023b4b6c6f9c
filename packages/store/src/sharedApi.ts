import type { EventDetail, OrdersQuery, OrdersResponse, PrerollSeenBody, PrerollSeenResponse } from '@grandstand/contract';
import { baseApi } from './baseApi.ts';

/** spec §7 GET orders: the contract's query, with numbers for the paging numbers. */
export type OrdersArgs = Omit<OrdersQuery, 'limit' | 'offset'> & { limit?: number; offset?: number };

/**
 * The calls more than one feature makes (architecture: shared needs move down a layer): one event
 * (the watch page, the checkout) and the viewer's orders (the profile, the team-pass rule of the
 * checkout). One endpoint each, so they share one cache entry and one set of tags.
 */
export const sharedApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** GET /events/{id}: an event with its access and, when allowed, its stream. */
    getEvent: build.query<EventDetail, number>({
      query: (id) => ({ url: `/events/${id}` }),
      transformResponse: (response: { data: EventDetail }) => response.data,
      providesTags: (_event, _error, id) => [{ type: 'Event', id }],
    }),
    /** GET orders; spec §7: no_limit=1 unless a limit is given. */
    getOrders: build.query<OrdersResponse, OrdersArgs | void>({
      query: (query) => {
        const { limit, ...rest } = query ?? {};
        return { url: '/orders', params: limit === undefined ? { no_limit: '1', ...rest } : { limit, ...rest } };
      },
      providesTags: (response) => [...(response?.data ?? []).map((order) => ({ type: 'Orders' as const, id: order.id })), { type: 'Orders', id: 'LIST' }],
    }),
    /**
     * POST /prerolls/seen: a logged-in viewer played a preroll to its end before an event or an
     * on-demand item; the server hides it for them and that subject on every device (spec §4).
     */
    markPrerollSeen: build.mutation<PrerollSeenResponse, PrerollSeenBody>({
      query: (body) => ({ url: '/prerolls/seen', method: 'POST', body }),
    }),
  }),
});

export const { useGetEventQuery, useGetOrdersQuery, useMarkPrerollSeenMutation } = sharedApi;
