import type { Card, CardProvider } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Checkbox, Text } from '@grandstand/ui';
import type { Ref } from 'react';
import styled from 'styled-components';
import { CardForm } from './CardForm.tsx';
import type { CardErrors, CardField, CardValues } from './CardForm.tsx';
import { StripeCardField } from './StripeCardField.tsx';
import type { StripeCardHandle } from './StripeCardField.tsx';

/** The choice of a new card (rather than a saved one). */
export const NEW_CARD = 'new';

export interface PaymentMethodChoiceProps {
  savedCards: readonly Card[];
  /** A saved card's id, NEW_CARD, or null before the viewer chooses. */
  choice: string | null;
  onChoose: (choice: string) => void;
  /** The channel's card provider: the sandbox's card fields or Stripe's card element. */
  provider: CardProvider;
  /** Stripe's browser key; without it Stripe's card entry cannot show. */
  publishableKey: string | null;
  card: CardValues;
  cardErrors: CardErrors;
  onCardChange: (field: CardField, value: string) => void;
  stripeCard?: Ref<StripeCardHandle>;
  onStripeCardChange: () => void;
  /** Whether to offer keeping the new card (subscriptions always keep theirs, spec §9). */
  offerSaveCard: boolean;
  saveCard: boolean;
  onSaveCardChange: (saveCard: boolean) => void;
  disabled?: boolean;
}

/** How the viewer pays: one of their saved cards, or a new card in the provider's card entry. */
export function PaymentMethodChoice({
  savedCards,
  choice,
  onChoose,
  provider,
  publishableKey,
  card,
  cardErrors,
  onCardChange,
  stripeCard,
  onStripeCardChange,
  offerSaveCard,
  saveCard,
  onSaveCardChange,
  disabled = false,
}: PaymentMethodChoiceProps) {
  const { t } = useTranslation('commerce');
  const newCard = choice === NEW_CARD;
  return (
    <>
      {savedCards.length > 0 && (
        <Choices>
          <legend>{t('checkout.paymentMethod')}</legend>
          {savedCards.map((saved) => (
            <Choice key={saved.id}>
              <input type="radio" name="payment-method" value={saved.id} checked={choice === saved.id} disabled={disabled} onChange={() => onChoose(saved.id)} />
              {t('checkout.savedCard', {
                brand: saved.brand,
                last4: saved.last4,
                month: String(saved.exp_month).padStart(2, '0'),
                year: saved.exp_year,
              })}
            </Choice>
          ))}
          <Choice>
            <input type="radio" name="payment-method" value={NEW_CARD} checked={newCard} disabled={disabled} onChange={() => onChoose(NEW_CARD)} />
            {t('checkout.newCard')}
          </Choice>
        </Choices>
      )}
      {newCard && provider === 'sandbox' && <CardForm values={card} errors={cardErrors} disabled={disabled} onChange={onCardChange} />}
      {newCard && provider === 'stripe' && publishableKey !== null && (
        <StripeCardField ref={stripeCard} publishableKey={publishableKey} disabled={disabled} onChange={onStripeCardChange} />
      )}
      {/* A Stripe channel without its publishable key cannot show Stripe's card entry. */}
      {newCard && provider === 'stripe' && publishableKey === null && <Text>{t('checkout.providerUnavailable')}</Text>}
      {newCard && offerSaveCard && (
        <Checkbox label={t('checkout.saveCard')} checked={saveCard} disabled={disabled} onChange={(event) => onSaveCardChange(event.target.checked)} />
      )}
    </>
  );
}

const Choices = styled.fieldset`
  display: grid;
  gap: var(--gs-space-sm);
  margin: 0;
  padding: var(--gs-space-md);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);

  legend {
    padding: 0 var(--gs-space-xs);
    font-weight: var(--gs-font-weight-medium);
  }
`;

const Choice = styled.label`
  display: flex;
  gap: var(--gs-space-sm);
  align-items: center;
  cursor: pointer;
`;
