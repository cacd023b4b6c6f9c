import type { CouponQuote } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, FormMessage, Stack, TextField } from '@grandstand/ui';
import type { FormEvent } from 'react';
import { useShop } from '../shared/useShop.ts';
import { Form } from './Form.ts';

export interface PromoCodeFormProps {
  code: string;
  /** The code's refusal: spec §5 "Promo code is invalid" or the server's "Wrong promo code" (spec §8). */
  error: string;
  /** The applied code's price, shown as saved. */
  quote: CouponQuote | null;
  /** The code is being checked. */
  applying?: boolean;
  disabled?: boolean;
  onCodeChange: (code: string) => void;
  onApply: (event: FormEvent<HTMLFormElement>) => void;
  onRemove: () => void;
}

/** The checkout's promo code: entered, applied (what it saves is said) or removed. */
export function PromoCodeForm({ code, error, quote, applying = false, disabled = false, onCodeChange, onApply, onRemove }: PromoCodeFormProps) {
  const { t } = useTranslation('commerce');
  const shop = useShop();
  return (
    <Form noValidate onSubmit={onApply}>
      <TextField
        label={t('checkout.promo')}
        value={code}
        onChange={(event) => onCodeChange(event.target.value)}
        autoComplete="off"
        disabled={disabled}
        error={error || undefined}
      />
      <Stack direction="row" gap="sm">
        <Button type="submit" variant="secondary" loading={applying} disabled={disabled}>
          {t('checkout.applyPromo')}
        </Button>
        {quote && (
          <Button variant="secondary" disabled={disabled} onClick={onRemove}>
            {t('checkout.removePromo')}
          </Button>
        )}
      </Stack>
      <FormMessage tone="success">{quote ? t('checkout.promoApplied', { code: quote.code, amount: shop.price(quote.discount) }) : ''}</FormMessage>
    </Form>
  );
}
