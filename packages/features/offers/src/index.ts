export { offersSection, offersSections, promoCodesSection } from './routes.tsx';
export { offersPaths, OFFERS_SECTION_PATH, PROMO_CODES_SECTION_PATH } from './paths.ts';
export { offersNamespace } from './namespace.ts';
export {
  offersApi,
  OFFERS_TAG_TYPES,
  useCreatePackageMutation,
  useCreatePromoCodeMutation,
  useCreateSubscriptionMutation,
  useGetConsoleOffersQuery,
  useGetPromoCodesQuery,
  useSetPackageRetiredMutation,
  useSetSubscriptionRetiredMutation,
  useUpdatePackageMutation,
  useUpdatePromoCodeMutation,
  useUpdateSubscriptionMutation,
} from './offersApi.ts';
export type { UpdatePackageArgs, UpdatePromoCodeArgs, UpdateSubscriptionArgs } from './offersApi.ts';
export { OffersPage } from './views/OffersPage/OffersPage.tsx';
export { OfferForm } from './views/OffersPage/OfferForm.tsx';
export type { OfferFormProps, OfferType } from './views/OffersPage/OfferForm.tsx';
export { PromoCodesPage } from './views/PromoCodesPage/PromoCodesPage.tsx';
