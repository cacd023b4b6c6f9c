import type {
  ConsoleOffersResponse,
  ConsolePackage,
  ConsolePackageResponse,
  ConsolePromoCode,
  ConsolePromoCodeResponse,
  ConsolePromoCodesResponse,
  ConsoleSubscription,
  ConsoleSubscriptionResponse,
  CreatePackageBody,
  CreatePromoCodeBody,
  CreateSubscriptionBody,
  UpdatePackageBody,
  UpdatePromoCodeBody,
  UpdateSubscriptionBody,
} from '@grandstand/contract';
import type { RequestOptions } from '@grandstand/api-client';
import { baseApi } from '@grandstand/store';

/** The tags this feature adds to the store's one api. */
export const OFFERS_TAG_TYPES = ['ConsoleOffers', 'PromoCodes'] as const;

export interface UpdatePackageArgs {
  id: number;
  body: UpdatePackageBody;
}
export interface UpdateSubscriptionArgs {
  id: number;
  body: UpdateSubscriptionBody;
}
export interface UpdatePromoCodeArgs {
  id: number;
  body: UpdatePromoCodeBody;
}

/**
 * A call of the console API. A 401 there means the operator's session ended, not that the client's
 * api key failed: refused quietly, the key kept (the console's shell then asks the operator to sign in again).
 */
function consoleCall(url: string, options: Omit<RequestOptions, 'url'> = {}): RequestOptions {
  return { url: `/console${url}`, tolerate401: true, ...options };
}

/**
 * The control room's offers calls (`/api/console/offers…`, `/api/console/promo-codes…`): the
 * channel's packages and subscriptions with what their forms pick from, their creation, edits,
 * retirement and return; the promo codes and theirs. A write refreshes what it changed (a promo
 * code names offers, so an offer's change refreshes the codes too).
 */
export const offersApi = baseApi.enhanceEndpoints({ addTagTypes: OFFERS_TAG_TYPES }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getConsoleOffers: build.query<ConsoleOffersResponse, void>({
      query: () => consoleCall('/offers'),
      providesTags: ['ConsoleOffers'],
    }),
    createPackage: build.mutation<ConsolePackage, CreatePackageBody>({
      query: (body) => consoleCall('/offers/packages', { method: 'POST', body: { ...body } }),
      transformResponse: (response: ConsolePackageResponse) => response.package,
      invalidatesTags: ['ConsoleOffers'],
    }),
    updatePackage: build.mutation<ConsolePackage, UpdatePackageArgs>({
      query: ({ id, body }) => consoleCall(`/offers/packages/${id}`, { method: 'PATCH', body: { ...body } }),
      transformResponse: (response: ConsolePackageResponse) => response.package,
      invalidatesTags: ['ConsoleOffers'],
    }),
    setPackageRetired: build.mutation<ConsolePackage, { id: number; retired: boolean }>({
      query: ({ id, retired }) => consoleCall(`/offers/packages/${id}/${retired ? 'retire' : 'restore'}`, { method: 'POST', body: {} }),
      transformResponse: (response: ConsolePackageResponse) => response.package,
      invalidatesTags: ['ConsoleOffers'],
    }),
    createSubscription: build.mutation<ConsoleSubscription, CreateSubscriptionBody>({
      query: (body) => consoleCall('/offers/subscriptions', { method: 'POST', body: { ...body } }),
      transformResponse: (response: ConsoleSubscriptionResponse) => response.subscription,
      invalidatesTags: ['ConsoleOffers'],
    }),
    updateSubscription: build.mutation<ConsoleSubscription, UpdateSubscriptionArgs>({
      query: ({ id, body }) => consoleCall(`/offers/subscriptions/${id}`, { method: 'PATCH', body: { ...body } }),
      transformResponse: (response: ConsoleSubscriptionResponse) => response.subscription,
      invalidatesTags: ['ConsoleOffers'],
    }),
    setSubscriptionRetired: build.mutation<ConsoleSubscription, { id: number; retired: boolean }>({
      query: ({ id, retired }) => consoleCall(`/offers/subscriptions/${id}/${retired ? 'retire' : 'restore'}`, { method: 'POST', body: {} }),
      transformResponse: (response: ConsoleSubscriptionResponse) => response.subscription,
      invalidatesTags: ['ConsoleOffers'],
    }),
    getPromoCodes: build.query<ConsolePromoCode[], void>({
      query: () => consoleCall('/promo-codes'),
      transformResponse: (response: ConsolePromoCodesResponse) => response.promoCodes,
      providesTags: ['PromoCodes'],
    }),
    createPromoCode: build.mutation<ConsolePromoCode, CreatePromoCodeBody>({
      query: (body) => consoleCall('/promo-codes', { method: 'POST', body: { ...body } }),
      transformResponse: (response: ConsolePromoCodeResponse) => response.promoCode,
      invalidatesTags: ['PromoCodes'],
    }),
    updatePromoCode: build.mutation<ConsolePromoCode, UpdatePromoCodeArgs>({
      query: ({ id, body }) => consoleCall(`/promo-codes/${id}`, { method: 'PATCH', body: { ...body } }),
      transformResponse: (response: ConsolePromoCodeResponse) => response.promoCode,
      invalidatesTags: ['PromoCodes'],
    }),
  }),
});

export const {
  useGetConsoleOffersQuery,
  useCreatePackageMutation,
  useUpdatePackageMutation,
  useSetPackageRetiredMutation,
  useCreateSubscriptionMutation,
  useUpdateSubscriptionMutation,
  useSetSubscriptionRetiredMutation,
  useGetPromoCodesQuery,
  useCreatePromoCodeMutation,
  useUpdatePromoCodeMutation,
} = offersApi;
