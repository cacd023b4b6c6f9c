import type { Package, Subscription } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Badge, ButtonLink, Text, visuallyHidden } from '@grandstand/ui';
import styled from 'styled-components';
import { OfferCard } from './OfferList.tsx';
import { useShop } from '../shared/useShop.ts';

export interface OfferTileProps {
  item: Package | Subscription;
  /** Where its buy link leads (the checkout, with what the page knows: the event it was chosen for). */
  href: string;
  /** Unique on the page: the card is named by its heading. */
  headingId: string;
}

/** A pass or subscription as `/packages` and `/select-package/{id}` offer it. */
export function OfferTile({ item, href, headingId }: OfferTileProps) {
  const shop = useShop();
  const { t } = useTranslation(['commerce', 'common']);
  const trialDays = 'trial_period' in item ? item.trial_period : 0;
  return (
    <OfferCard aria-labelledby={headingId}>
      <h3 id={headingId}>{item.name}</h3>
      {'is_team_pass' in item && item.is_team_pass && <Badge>{t('commerce:teamPass')}</Badge>}
      {/* spec §9: the price title is the base price with the period suffix; a fee is added on top. */}
      <Text size="lg" bold>{shop.priceTitle(item.base_price, item.offer, item.period)}</Text>
      {item.service_fee > 0 && <p>{t('commerce:plusFee', { fee: shop.price(item.service_fee) })}</p>}
      {item.description && <p>{item.description}</p>}
      {trialDays > 0 && <p>{t('common:freeTrial', { days: trialDays })}</p>}
      {item.purchased ? (
        <Badge tone="primary">{t('commerce:purchased')}</Badge>
      ) : (
        <ButtonLink href={href}>
          {t('commerce:buy')}
          <Hidden> {item.name}</Hidden>
        </ButtonLink>
      )}
    </OfferCard>
  );
}

const Hidden = styled.span`
  ${visuallyHidden}
`;
