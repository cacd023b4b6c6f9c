import { useTranslation } from '@grandstand/i18n';
import { Button, ButtonLink, FormMessage, Loader } from '@grandstand/ui';
import { Actions, Section, Text } from '../shared/layout.ts';
import { RouterLink } from '../shared/RouterLink.tsx';

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
        <Section>
          <Text role="status">{t('checkout.openOrder')}</Text>
          {followedStep !== '' && (
            <div>
              <ButtonLink href={followedStep}>{t('checkout.openOrderAction')}</ButtonLink>
            </div>
          )}
        </Section>
      )}
      {processing && <Loader label={t('checkout.processing')} />}
      {redirecting && <Text role="status">{t('checkout.redirecting')}</Text>}
      {pollFailed && (
        <Actions>
          <FormMessage tone="error">
            {t('checkout.pollError')} <RouterLink href="/profile">{t('checkout.myOrders')}</RouterLink>
          </FormMessage>
          <Button variant="secondary" onClick={onRetry}>
            {t('retry')}
          </Button>
        </Actions>
      )}
    </>
  );
}
