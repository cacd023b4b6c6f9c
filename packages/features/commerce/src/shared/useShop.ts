import type { BillingPeriod, CardProvider } from '@grandstand/contract';
import { formatPrice, formatPriceTitle, useTranslation } from '@grandstand/i18n';
import { useGetSettingsQuery } from '@grandstand/store';

export interface Shop {
  /** spec §9: the channel's currency from settings, USD by default. */
  currency: string;
  language: string;
  /** The card provider of the channel (settings.payments), the sandbox when absent. */
  provider: CardProvider;
  /** settings.payments.publishable_key: Stripe's browser key when the provider is Stripe. */
  publishableKey: string | null;
  price: (amount: number) => string;
  /** spec §9 price title: price and the period suffix, with the number when above 1. */
  priceTitle: (amount: number, offer: BillingPeriod | null, period: number | null) => string;
}

/** The channel's money settings and the viewer's language, with the price formatters bound to them. */
export function useShop(): Shop {
  const { i18n } = useTranslation();
  const { data: settings } = useGetSettingsQuery();
  const currency = settings?.currency ?? 'USD';
  const language = i18n.language;
  return {
    currency,
    language,
    provider: settings?.payments?.provider ?? 'sandbox',
    publishableKey: settings?.payments?.publishable_key ?? null,
    price: (amount) => formatPrice(amount, currency, language),
    priceTitle: (amount, offer, period) => formatPriceTitle({ amount, currency, language, offer, period }),
  };
}
