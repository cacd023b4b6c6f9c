import type { CardProvider } from '@grandstand/contract';
import { channelApi } from '@grandstand/store';

/** The channel's card provider (settings.payments); the sandbox until the settings say otherwise. */
export function useCardProvider(): CardProvider {
  const { data: settings } = channelApi.useGetSettingsQuery();
  return settings?.payments?.provider ?? 'sandbox';
}
