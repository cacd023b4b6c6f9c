import type { CouponQuote } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Card, SectionTitle, Text } from '@grandstand/ui';
import styled from 'styled-components';
import { useShop } from '../shared/useShop.ts';
import type { CheckoutItem } from '../useOffer.ts';

export interface OrderSummaryProps {
  item: CheckoutItem;
  quote: CouponQuote | null;
}

/** What is bought and what it costs: the price title (spec §9), the fee, a promo code's discount, the total. */
export function OrderSummary({ item, quote }: OrderSummaryProps) {
  const { t } = useTranslation(['commerce', 'common']);
  const shop = useShop();
  const total = quote ? quote.price : item.price;
  return (
    <Box forwardedAs="section" aria-labelledby="checkout-summary" data-testid="checkout-summary">
      <SectionTitle id="checkout-summary">{t('checkout.summary')}</SectionTitle>
      <h3>{item.name}</h3>
      <Text size="lg" bold>{shop.priceTitle(item.base_price, item.offer, item.period)}</Text>
      {item.trialDays > 0 && <p>{t('common:freeTrial', { days: item.trialDays })}</p>}
      <List>
        <dt>{t('checkout.price')}</dt>
        <dd>{shop.price(item.base_price)}</dd>
        {item.service_fee > 0 && (
          <>
            <dt>{t('checkout.serviceFee')}</dt>
            <dd>{shop.price(item.service_fee)}</dd>
          </>
        )}
        {quote && quote.discount > 0 && (
          <>
            <dt>{t('checkout.discount')}</dt>
            <dd>−{shop.price(quote.discount)}</dd>
          </>
        )}
        <dt>{t('checkout.total')}</dt>
        <dd data-testid="checkout-total">
          <strong>{shop.price(total)}</strong>
        </dd>
      </List>
    </Box>
  );
}

const Box = styled(Card)`
  h3,
  p {
    margin: 0;
  }
`;

const List = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: var(--gs-space-xs) var(--gs-space-md);
  margin: 0;

  dd {
    margin: 0;
    text-align: end;
  }
`;
