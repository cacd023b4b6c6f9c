import { useTranslation } from '@grandstand/i18n';
import { TextField } from '@grandstand/ui';
import styled from 'styled-components';

export const CARD_FIELDS = ['number', 'exp_month', 'exp_year', 'cvc', 'name'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardValues = Record<CardField, string>;
export type CardErrors = Partial<Record<CardField, string>>;

export const EMPTY_CARD: CardValues = { number: '', exp_month: '', exp_year: '', cvc: '', name: '' };

export interface CardFormProps {
  values: CardValues;
  errors: CardErrors;
  onChange: (field: CardField, value: string) => void;
  disabled?: boolean;
}

/**
 * The sandbox's card entry (what a processor's card element does): the details go to the processor
 * only, which answers a payment method id. Labelled fields with the browser's card autofill.
 */
export function CardForm({ values, errors, onChange, disabled }: CardFormProps) {
  const { t } = useTranslation('commerce');
  const field = (name: CardField) => ({
    value: values[name],
    error: errors[name],
    disabled,
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  });
  return (
    <Grid>
      <Wide>
        <TextField label={t('checkout.cardNumber')} autoComplete="cc-number" inputMode="numeric" required {...field('number')} />
      </Wide>
      <TextField label={t('checkout.expMonth')} autoComplete="cc-exp-month" inputMode="numeric" maxLength={2} required {...field('exp_month')} />
      <TextField label={t('checkout.expYear')} autoComplete="cc-exp-year" inputMode="numeric" maxLength={4} required {...field('exp_year')} />
      <TextField label={t('checkout.cvc')} autoComplete="cc-csc" inputMode="numeric" maxLength={4} required {...field('cvc')} />
      <Wide>
        <TextField label={t('checkout.cardName')} autoComplete="cc-name" {...field('name')} />
      </Wide>
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: var(--gs-space-md);
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;
