import type {
  CompOrderBody,
  SupportCompOptions,
  SupportOrderResponse,
  SupportOrdersQuery,
  SupportOrdersResponse,
  SupportViewerActionResponse,
  SupportViewerDetail,
  SupportViewersQuery,
  SupportViewersResponse,
} from '@grandstand/contract';
import type { RequestOptions } from '@grandstand/api-client';
import { baseApi } from '@grandstand/store';

/** The tags this feature adds to the store's one api. */
export const SUPPORT_TAG_TYPES = ['SupportOrder', 'SupportViewer'] as const;

/**
 * A call of the console API. A 401 there means the operator's session ended, not that the client's
 * api key failed: refused quietly, the key kept (the console's shell then asks the operator to sign in again).
 */
function consoleCall(url: string, options: Omit<RequestOptions, 'url'> = {}): RequestOptions {
  return { url: `/console${url}`, tolerate401: true, ...options };
}

function params(query: object): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
}

/** A viewer action: its path and, for suspend and delete, the reason. */
export interface ViewerAction {
  id: number;
  action: 'resend-verification' | 'end-sessions' | 'suspend' | 'restore' | 'delete';
  reason?: string;
}

/**
 * The control room's support calls (`/api/console/orders…`, `/api/console/viewers…`). A refund, a
 * comp or a viewer's change refreshes the lists and details it touches.
 */
export const supportApi = baseApi.enhanceEndpoints({ addTagTypes: SUPPORT_TAG_TYPES }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    listSupportOrders: build.query<SupportOrdersResponse, SupportOrdersQuery>({
      query: (query) => consoleCall('/orders', { params: params(query) }),
      providesTags: ['SupportOrder'],
    }),
    getSupportOrder: build.query<SupportOrderResponse, number>({
      query: (id) => consoleCall(`/orders/${id}`),
      providesTags: ['SupportOrder'],
    }),
    refundOrder: build.mutation<SupportOrderResponse, { id: number; reason: string }>({
      query: ({ id, reason }) => consoleCall(`/orders/${id}/refund`, { method: 'POST', body: { reason } }),
      invalidatesTags: ['SupportOrder', 'SupportViewer'],
    }),
    getCompOptions: build.query<SupportCompOptions, void>({
      query: () => consoleCall('/orders/comp-options'),
    }),
    compOrder: build.mutation<SupportOrderResponse, CompOrderBody>({
      query: (body) => consoleCall('/orders/comp', { method: 'POST', body: { ...body } }),
      invalidatesTags: ['SupportOrder', 'SupportViewer'],
    }),
    listSupportViewers: build.query<SupportViewersResponse, SupportViewersQuery>({
      query: (query) => consoleCall('/viewers', { params: params(query) }),
      providesTags: ['SupportViewer'],
    }),
    getSupportViewer: build.query<SupportViewerDetail, number>({
      query: (id) => consoleCall(`/viewers/${id}`),
      providesTags: ['SupportViewer'],
    }),
    viewerAction: build.mutation<SupportViewerActionResponse, ViewerAction>({
      query: ({ id, action, reason }) => consoleCall(`/viewers/${id}/${action}`, { method: 'POST', body: reason === undefined ? {} : { reason } }),
      invalidatesTags: ['SupportViewer'],
    }),
  }),
});

export const {
  useListSupportOrdersQuery,
  useGetSupportOrderQuery,
  useRefundOrderMutation,
  useGetCompOptionsQuery,
  useCompOrderMutation,
  useListSupportViewersQuery,
  useGetSupportViewerQuery,
  useViewerActionMutation,
} = supportApi;
