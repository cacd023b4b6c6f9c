import { CardProvider, type PaymentSettings } from '@grandstand/contract';

/**
 * settings.payments: how the site takes card details. The provider comes from
 * PAYMENT_PROVIDER (default sandbox); stripe's publishable key from STRIPE_PUBLISHABLE_KEY. An
 * unknown provider is a configuration error, named, rather than a silent fallback.
 */
export function paymentSettings(env: NodeJS.ProcessEnv = process.env): PaymentSettings {
  const raw = env.PAYMENT_PROVIDER?.trim() || 'sandbox';
  const parsed = CardProvider.safeParse(raw);
  if (!parsed.success) throw new Error(`PAYMENT_PROVIDER must be one of ${CardProvider.options.join(', ')}; got "${raw}"`);
  const provider = parsed.data;
  return { provider, publishable_key: provider === 'stripe' ? env.STRIPE_PUBLISHABLE_KEY?.trim() || null : null };
}
