import type { PaymentSettings } from '@grandstand/contract';
import type { Payments } from '../../payments/plugin.ts';

/**
 * settings.payments: how the site takes card details — the app's default provider
 * (`PAYMENT_PROVIDER`) and, for Stripe, its publishable key (`STRIPE_PUBLISHABLE_KEY`).
 */
export function paymentSettings(payments: Pick<Payments, 'defaultProvider' | 'publishableKey'>): PaymentSettings {
  const provider = payments.defaultProvider;
  return { provider, publishable_key: provider === 'stripe' ? payments.publishableKey : null };
}
