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
  SandboxPaymentMethodBody,
  StartTrialBody,
  Subscription,
} from '@grandstand/contract';
import { baseApi } from '@grandstand/store';

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

function data<T>(response: { data: T }): T {
  return response.data;
}

// A purchase changes what the viewer owns and may watch: the purchased flags, the orders, the
// events' access and the profile (trial_period_used).
const PURCHASE_TAGS = [
  { type: 'Packages', id: 'LIST' },
  { type: 'Subscriptions', id: 'LIST' },
  { type: 'Orders', id: 'LIST' },
  'Event',
  'Events',
  'Profile',
] as const;

/**
 * The commerce calls of spec §7 (paths in packages/contract/src/commerce.ts). Every call carries
 * the api_key (the client adds it); the card provider is a path segment.
 */
export const commerceApi = baseApi.injectEndpoints({
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
      query: ({ provider, body }) => ({ url: `/${provider}/buy`, method: 'POST', body: { ...body } }),
      transformResponse: data<BuyResult>,
    }),
    startTrial: build.mutation<BuyResult, StartTrialArgs>({
      query: ({ provider, body }) => ({ url: `/${provider}/subscription/start_trial`, method: 'POST', body: { ...body } }),
      transformResponse: data<BuyResult>,
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
export const invalidateAfterPurchase = () => baseApi.util.invalidateTags([...PURCHASE_TAGS]);

export const {
  useGetPackagesQuery,
  useGetPackageQuery,
  useGetSubscriptionsQuery,
  useGetSubscriptionQuery,
  useApplyCouponMutation,
  useCreateSandboxPaymentMethodMutation,
  useListCardsQuery,
  useBuyMutation,
  useStartTrialMutation,
  useGetOrderQuery,
} = commerceApi;
