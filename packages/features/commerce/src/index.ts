export { commerceRoutes } from './routes.tsx';
export { COMMERCE_PATHS, selectPackagePath } from './paths.ts';
export { commerceNamespace } from './namespace.ts';
export {
  commerceApi,
  invalidateAfterPurchase,
  useApplyCouponMutation,
  useBuyMutation,
  useCreateSandboxPaymentMethodMutation,
  useGetOrderQuery,
  useGetPackageQuery,
  useGetPackagesQuery,
  useGetSubscriptionQuery,
  useGetSubscriptionsQuery,
  useListCardsQuery,
  useStartTrialMutation,
} from './commerceApi.ts';
export type { BuyArgs, BuyResult, StartTrialArgs } from './commerceApi.ts';
export { buyQuery, createAttemptKeys, parseBuyQuery, preparePurchase, returnPathFor, successPath } from './purchase.ts';
export type { BuyTarget, Preparation, PreparationProblem, PurchaseInput } from './purchase.ts';
export { PackagesPage } from './views/PackagesPage.tsx';
export { SelectPackagePage } from './views/SelectPackagePage.tsx';
export { BuyPage } from './views/BuyPage.tsx';
