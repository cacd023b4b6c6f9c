// Orders: checkout with one charge per idempotency key, fulfilment from verified
// webhooks, cancellation of auto-renewal and the renewal job, for the commerce-orders routes.
export { ALREADY_OWNED_MESSAGE, buy, IDEMPOTENCY_CONFLICT_MESSAGE, OPEN_ORDER_MESSAGE, OpenOrderProblem, PROVIDER_UNAVAILABLE_MESSAGE, requestFingerprint, startTrial, TRIAL_NOT_AVAILABLE_MESSAGE } from './checkout.ts';
export type { Buyer, BuyInput, CheckoutOptions, CheckoutResult, TrialInput } from './checkout.ts';
export { applyPaymentEvent, markFailed, markPaid, TRIAL_USED_MESSAGE } from './fulfilment.ts';
export type { EventOutcome } from './fulfilment.ts';
export { createOrdersRepository, orderLabel, toContractOrder, toContractTransaction } from './ordersRepository.ts';
export type { OrderRow, OrdersFilter, OrdersRepository, TransactionRow } from './ordersRepository.ts';
export { addTerm, discountedBase, fromCents, pricePurchase, PurchaseProblem, toCents } from './pricing.ts';
export type { PricedProduct, PurchaseRequest } from './pricing.ts';
export { ABANDONED_ORDER_AFTER_MS, DEFAULT_RENEWAL_INTERVAL_MS, PAYMENT_NOT_COMPLETED_MESSAGE, runRenewals, scheduleRenewals } from './renewals.ts';
export { DEFAULT_RENEWAL_ATTEMPTS, DEFAULT_RENEWAL_SETTINGS, DEFAULT_RENEWAL_TIMEOUT_MS } from './config.ts';
export type { CommerceOptions, RenewalSettings } from './config.ts';
export type { RenewalSummary } from './renewals.ts';
export { UNSUBSCRIBE_MESSAGE, unsubscribe } from './unsubscribe.ts';
