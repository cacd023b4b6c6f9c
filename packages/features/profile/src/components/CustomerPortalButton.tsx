import { useTranslation } from '@grandstand/i18n';
import { Button, FormMessage, Text } from '@grandstand/ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useCustomerPortalMutation } from '../profileApi.ts';
import { useCardProvider } from '../shared/useCardProvider.ts';

const Wrapper = styled.div`
  display: grid;
  justify-items: start;
  gap: var(--gs-space-xs);
`;

export interface CustomerPortalButtonProps {
  /** Where the portal opens; the browser's own navigation by default (the portal links back to /profile). */
  openUrl?: (url: string) => void;
}

function assignLocation(url: string): void {
  window.location.assign(url);
}

/**
 * Opens the card provider's customer portal (spec §7 GET {card-provider}/customer-portal), where the
 * viewer updates or removes saved cards. The address is asked for on the press, because each one
 * is a short-lived session of the provider.
 */
export function CustomerPortalButton({ openUrl = assignLocation }: CustomerPortalButtonProps) {
  const { t } = useTranslation(['profile']);
  const provider = useCardProvider();
  const hintId = useId();
  const [openPortal, { isLoading }] = useCustomerPortalMutation();
  const [failed, setFailed] = useState(false);

  const onOpen = async () => {
    setFailed(false);
    try {
      openUrl(await openPortal(provider).unwrap());
    } catch {
      setFailed(true);
    }
  };

  return (
    <Wrapper>
      <Button variant="secondary" onClick={onOpen} loading={isLoading} aria-describedby={hintId}>
        {t('profile:portal.open')}
      </Button>
      <Text tone="muted" size="sm" id={hintId}>
        {t('profile:portal.hint')}
      </Text>
      <FormMessage tone="error">{failed ? t('profile:portal.failed') : ''}</FormMessage>
    </Wrapper>
  );
}
