import { useTranslation } from '@grandstand/i18n';
import { Button, ButtonLink, FormMessage, Link, Loader, Stack, Text } from '@grandstand/ui';

export interface OrderProgressProps {
  /**
   * The followed order is the viewer's order already open elsewhere (another tab): the address of
   * its security step when it waits for one, '' when it does not; null for the checkout's own order.
   */
  followedStep: string | null;
  /** The order is being polled (spec §4). */
  processing: boolean;
  /** The viewer is being taken to the card's security step. */
  redirecting: boolean;
  /** Polling the order failed: the viewer may retry, or find the order in the profile. */
  pollFailed: boolean;
  onRetry: () => void;
}

/** What happens to the order once it is sent: followed, confirming, off to the security step, or polling failed. */
export function OrderProgress({ followedStep, processing, redirecting, pollFailed, onRetry }: OrderProgressProps) {
  const { t } = useTranslation('commerce');
  return (
    <>
      {followedStep !== null && (
        <Stack as="section">
          <Text role="status">{t('checkout.openOrder')}</Text>
          {followedStep !== '' && (
            <div>
              <ButtonLink external href={followedStep}>{t('checkout.openOrderAction')}</ButtonLink>
            </div>
          )}
        </Stack>
      )}
      {processing && <Loader label={t('checkout.processing')} />}
      {redirecting && <Text role="status">{t('checkout.redirecting')}</Text>}
      {pollFailed && (
        <Stack direction="row" gap="sm">
          <FormMessage tone="error">
            {t('checkout.pollError')} <Link href="/profile">{t('checkout.myOrders')}</Link>
          </FormMessage>
          <Button variant="secondary" onClick={onRetry}>
            {t('retry')}
          </Button>
        </Stack>
      )}
    </>
  );
}
