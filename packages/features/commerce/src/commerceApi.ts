import type {
  ApplyCouponQuery,
  BuyBody,
  BuyResponse,
  Card,
  CardProvider,
  CardsResponse,
  CouponQuote,
  Order,
  OrderResponse,
  Package,
  PickedEvent,
  PickedEventResponse,
  SandboxPaymentMethodBody,
  StartTrialBody,
  Subscription,
} from '@grandstand/contract';
import { ApiError } from '@grandstand/api-client';
import type { OpenOrderErrorBody } from '@grandstand/contract';
import { baseApi, serializeApiError, staleOnViewerChange, tagsStaleOn } from '@grandstand/store';
import type { SerializedApiError, StoreExtra } from '@grandstand/store';

/** What buy and start_trial answer: the order and, for some cards, the extra authentication step. */
export type BuyResult = BuyResponse['data'];
export interface BuyArgs {
  provider: CardProvider;
  body: BuyBody;
}
export interface StartTrialArgs {
  provider: CardProvider;
  body: StartTrialBody;
}

/**
 * A buy or trial refused because the viewer's order of the same product is still open (another tab,
 * another device): the server's 409 carries that order and its pending step, which the checkout
 * follows instead of paying again.
 */
export interface OpenOrderError extends SerializedApiError {
  openOrder: BuyResult;
}

export function openOrderOf(error: unknown): BuyResult | null {
  return typeof error === 'object' && error !== null && 'openOrder' in error ? (error as OpenOrderError).openOrder : null;
}

/**
 * Whether a 409's body carries the open order (OpenOrderErrorBody). Checked by shape, not with the
 * contract's zod schema: the site ships no zod (it probes `new Function`, which the content security
 * policy refuses), and the server is the one that validates.
 */
function isOpenOrderBody(body: unknown): body is OpenOrderErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { order, next_action: next } = body as Record<string, unknown>;
  const orderOk = typeof order === 'object' && order !== null && typeof (order as { id?: unknown }).id === 'number' && typeof (order as { status?: unknown }).status === 'string';
  const nextOk = next === null || (typeof next === 'object' && typeof (next as { url?: unknown }).url === 'string');
  return orderOk && nextOk;
}

/**
 * buy and start_trial through the store's client, as the base query does, keeping the open order of
 * a 409 (the base query keeps only the message and the field of an error body).
 */
async function purchase(url: string, body: BuyBody | StartTrialBody, api: { extra: unknown; signal: AbortSignal }) {
  const { client } = api.extra as StoreExtra;
  try {
    const response = await client.request<BuyResponse>({ url, method: 'POST', body: { ...body }, signal: api.signal });
    return { data: response.data };
  } catch (error) {
    const serialized = serializeApiError(error);
    if (error instanceof ApiError && error.status === 409 && isOpenOrderBody(error.body)) {
      return { error: { ...serialized, openOrder: { order: error.body.order, next_action: error.body.next_action } } satisfies OpenOrderError };
    }
    return { error: serialized };
  }
}

function data<T>(response: { data: T }): T {
  return response.data;
}

/** The commerce feature's tag types, each depending on who the viewer is; subscriptions on what they own too. */
const COMMERCE_TAGS = ['Packages', 'Subscriptions', 'User'] as const;
staleOnViewerChange('session', COMMERCE_TAGS);
staleOnViewerChange('access', ['Subscriptions']);

// A purchase changes what the viewer owns and may watch: the purchased flags, the orders, the
// profile (trial_period_used), and every answer stale on an `access` change (the events' access).
const purchaseTags = () => [{ type: 'Packages', id: 'LIST' } as const, { type: 'Orders', id: 'LIST' } as const, 'Profile' as const, ...tagsStaleOn('access')];

/**
 * The commerce calls of spec §7 (paths in packages/contract/src/commerce.ts). Every call carries
 * the api_key (the client adds it); the card provider is a path segment.
 */
export const commerceApi = baseApi.enhanceEndpoints({ addTagTypes: COMMERCE_TAGS }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getPackages: build.query<Package[], { event_id?: number } | void>({
      query: (query) => ({ url: '/packages', params: query?.event_id === undefined ? undefined : { event_id: String(query.event_id) } }),
      transformResponse: data<Package[]>,
      providesTags: (packages = []) => [...packages.map((item) => ({ type: 'Packages' as const, id: item.id })), { type: 'Packages', id: 'LIST' }],
    }),
    getPackage: build.query<Package, number>({
      query: (id) => ({ url: `/packages/${id}` }),
      transformResponse: data<Package>,
      providesTags: (_item, _error, id) => [{ type: 'Packages', id }],
    }),
    getSubscriptions: build.query<Subscription[], void>({
      query: () => ({ url: '/subscriptions' }),
      transformResponse: data<Subscription[]>,
      providesTags: (items = []) => [...items.map((item) => ({ type: 'Subscriptions' as const, id: item.id })), { type: 'Subscriptions', id: 'LIST' }],
    }),
    getSubscription: build.query<Subscription, number>({
      query: (id) => ({ url: `/subscriptions/${id}` }),
      transformResponse: data<Subscription>,
      providesTags: (_item, _error, id) => [{ type: 'Subscriptions', id }],
    }),
    applyCoupon: build.mutation<CouponQuote, ApplyCouponQuery>({
      query: ({ code, type, id }) => ({ url: '/apply_coupon', params: { code, type, id: String(id) } }),
      transformResponse: data<CouponQuote>,
    }),
    /** The sandbox's card entry: the number goes to the processor, the site keeps the payment method id. */
    createSandboxPaymentMethod: build.mutation<Card, SandboxPaymentMethodBody>({
      query: (body) => ({ url: '/sandbox/payment_methods', method: 'POST', body: { ...body } }),
      transformResponse: data<Card>,
    }),
    listCards: build.query<Card[], CardProvider>({
      query: (provider) => ({ url: `/${provider}/list-cards` }),
      transformResponse: (response: CardsResponse) => response.data,
      providesTags: ['User'],
    }),
    buy: build.mutation<BuyResult, BuyArgs>({
      queryFn: ({ provider, body }, api) => purchase(`/${provider}/buy`, body, api),
    }),
    /** spec §6 quota: one game of a quota pass the viewer holds, spent on this event; it stays theirs. */
    pickEvent: build.mutation<PickedEvent, { packageId: number; eventId: number }>({
      query: ({ packageId, eventId }) => ({ url: `/packages/${packageId}/picks`, method: 'POST', body: { event_id: eventId } }),
      transformResponse: (response: PickedEventResponse) => response.data,
      invalidatesTags: (result) => (result ? purchaseTags() : []),
    }),
    startTrial: build.mutation<BuyResult, StartTrialArgs>({
      queryFn: ({ provider, body }, api) => purchase(`/${provider}/subscription/start_trial`, body, api),
    }),
    /** Polled after a purchase (spec §4: every 2 s until paid or failed). */
    getOrder: build.query<Order, number>({
      query: (id) => ({ url: `/orders/${id}` }),
      transformResponse: (response: OrderResponse) => response.data,
      providesTags: (_order, _error, id) => [{ type: 'Orders', id }],
      // The answer changes while polling; a cached "created" must never stand in for a fresh look.
      keepUnusedDataFor: 0,
    }),
  }),
});

/** Marks everything a purchase changes as stale, once an order is paid. */
export const invalidateAfterPurchase = () => commerceApi.util.invalidateTags(purchaseTags());

export const {
  useGetPackagesQuery,
  useGetPackageQuery,
  useGetSubscriptionsQuery,
  useGetSubscriptionQuery,
  useApplyCouponMutation,
  useCreateSandboxPaymentMethodMutation,
  useListCardsQuery,
  useBuyMutation,
  usePickEventMutation,
  useStartTrialMutation,
  useGetOrderQuery,
} = commerceApi;
