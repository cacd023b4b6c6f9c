import type {
  CardProvider,
  CustomerPortalResponse,
  UnsubscribeBody,
  UnsubscribeResponse,
} from '@grandstand/contract';
import { baseApi, tagsStaleOn } from '@grandstand/store';

export interface UnsubscribeArgs {
  provider: CardProvider;
  body: UnsubscribeBody;
}

/** The cancelled subscription's order and the server's "processed" message (spec §4). */
export type UnsubscribeResult = UnsubscribeResponse;

/**
 * The profile's commerce calls (spec §7 Payments): cancelling a subscription's auto-renewal and the
 * card provider's customer portal. The viewer's orders are the store's `getOrders`, which the
 * checkout reads too. Paths are the contract's
 * (packages/contract/src/commerce.ts); the provider comes from settings.payments.
 */
export const profileApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    unsubscribe: build.mutation<UnsubscribeResult, UnsubscribeArgs>({
      query: ({ provider, body }) => ({ url: `/${encodeURIComponent(provider)}/unsubscribe`, method: 'POST', body: { ...body } }),
      // The order changed (renewal label, status) and so may the viewer's access to subscription
      // content: every answer stale on an `access` change (subscriptions, the events' access).
      invalidatesTags: (_result, error, { body }) =>
        error ? [] : [{ type: 'Orders', id: Number(body.order_id) }, { type: 'Orders', id: 'LIST' }, ...tagsStaleOn('access')],
    }),
    customerPortal: build.mutation<string, CardProvider>({
      // A mutation: each call opens a new, short-lived portal session, which must never be cached.
      query: (provider) => ({ url: `/${encodeURIComponent(provider)}/customer-portal` }),
      transformResponse: (response: CustomerPortalResponse) => response.data.url,
    }),
  }),
});

export const { useUnsubscribeMutation, useCustomerPortalMutation } = profileApi;
