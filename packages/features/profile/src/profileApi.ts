import type {
  CardProvider,
  CustomerPortalResponse,
  OrdersQuery,
  OrdersResponse,
  UnsubscribeBody,
  UnsubscribeResponse,
} from '@grandstand/contract';
import { baseApi } from '@grandstand/store';

/** spec §7 GET orders: the contract's query, with numbers for the paging numbers. */
export type OrdersArgs = Omit<OrdersQuery, 'limit' | 'offset'> & { limit?: number; offset?: number };

export interface UnsubscribeArgs {
  provider: CardProvider;
  body: UnsubscribeBody;
}

/** The cancelled subscription's order and the server's "processed" message (spec §4). */
export type UnsubscribeResult = UnsubscribeResponse;

/**
 * The profile's commerce calls (spec §7 Payments): the viewer's orders, cancelling a
 * subscription's auto-renewal, and the card provider's customer portal. Paths are the contract's
 * (packages/contract/src/commerce.ts); the provider comes from settings.payments.
 */
export const profileApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getOrders: build.query<OrdersResponse, OrdersArgs | void>({
      // spec §7: GET orders carries no_limit=1 unless a limit is given.
      query: (query) => {
        const { limit, ...rest } = query ?? {};
        return { url: '/orders', params: limit === undefined ? { no_limit: '1', ...rest } : { limit, ...rest } };
      },
      providesTags: (response) => [
        ...(response?.data ?? []).map((order) => ({ type: 'Orders' as const, id: order.id })),
        { type: 'Orders', id: 'LIST' },
      ],
    }),
    unsubscribe: build.mutation<UnsubscribeResult, UnsubscribeArgs>({
      query: ({ provider, body }) => ({ url: `/${encodeURIComponent(provider)}/unsubscribe`, method: 'POST', body: { ...body } }),
      // The order changed (renewal label, status) and so may the viewer's access to subscription content.
      invalidatesTags: (_result, error, { body }) =>
        error ? [] : [{ type: 'Orders', id: Number(body.order_id) }, { type: 'Orders', id: 'LIST' }, 'Subscriptions', 'Events', 'Event'],
    }),
    customerPortal: build.mutation<string, CardProvider>({
      // A mutation: each call opens a new, short-lived portal session, which must never be cached.
      query: (provider) => ({ url: `/${encodeURIComponent(provider)}/customer-portal` }),
      transformResponse: (response: CustomerPortalResponse) => response.data.url,
    }),
  }),
});

export const { useGetOrdersQuery, useUnsubscribeMutation, useCustomerPortalMutation } = profileApi;
