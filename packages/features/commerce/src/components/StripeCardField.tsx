import { useTranslation } from '@grandstand/i18n';
import { Button, FormMessage, Stack, visuallyHidden } from '@grandstand/ui';
// Types only: erased from the build, so Stripe's library stays out of every eager chunk.
import type { Stripe, StripeCardElement, StripeCardElementOptions, StripeElementLocale } from '@stripe/stripe-js';
import { useEffect, useEffectEvent, useId, useImperativeHandle, useRef, useState } from 'react';
import type { Ref } from 'react';
import styled, { useTheme } from 'styled-components';
import type { DefaultTheme } from 'styled-components';

/** What the checkout gets from the card entered in Stripe's card element. */
export type StripeCardResult =
  | { status: 'created'; id: string }
  /** Nothing was entered: the checkout asks to choose a card (spec §5). */
  | { status: 'empty' }
  /** Stripe refused the card or the form is not ready; the reason is shown under the field. */
  | { status: 'refused' };

export interface StripeCardHandle {
  /** Turns the entered card into a Stripe payment method id (`pm_…`) through Stripe.js. */
  createPaymentMethod(): Promise<StripeCardResult>;
}

export interface StripeCardFieldProps {
  /** settings.payments.publishable_key of the channel. */
  publishableKey: string;
  disabled?: boolean;
  /** Called whenever the viewer changes the card: a payment method made before is stale. */
  onChange?: () => void;
  ref?: Ref<StripeCardHandle>;
}

/**
 * Loads Stripe.js from Stripe only when a card is about to be entered: the dynamic import keeps the
 * library (which adds Stripe's script as soon as it is evaluated) out of the site's first chunks.
 */
async function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  const { loadStripe } = await import('@stripe/stripe-js');
  return loadStripe(publishableKey);
}

const STRIPE_LOCALES: readonly string[] = ['en', 'fr'] satisfies StripeElementLocale[];

/** The element lives in Stripe's iframe, out of reach of the site's CSS: its text takes the channel's colours here. */
function elementStyle(theme: DefaultTheme): StripeCardElementOptions['style'] {
  return {
    base: {
      color: theme.colors.bodyTextColor,
      iconColor: theme.colors.bodyTextColor,
      fontFamily: theme.font.family,
      fontSize: '16px',
      lineHeight: '24px',
      '::placeholder': { color: theme.colors.mutedText },
    },
    invalid: { color: theme.colors.danger, iconColor: theme.colors.danger },
  };
}

/**
 * The new-card entry of a channel whose card provider is Stripe: Stripe's card element
 * in a container themed like the site's fields. The card number never reaches the site; Stripe.js
 * answers a payment method id that the checkout sends as payment_method. Stripe's own messages
 * (in the viewer's language) show under the field.
 */
export function StripeCardField({ publishableKey, disabled = false, onChange, ref }: StripeCardFieldProps) {
  const { t, i18n } = useTranslation('commerce');
  const theme = useTheme();
  const labelId = useId();
  const errorId = useId();
  const container = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const empty = useRef(true);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const notifyChange = useEffectEvent(() => onChange?.());
  // The element is made once per key and language; later colour or disabled changes are updates.
  const initialOptions = useEffectEvent((): StripeCardElementOptions => ({ style: elementStyle(theme), disabled }));
  const language = i18n.language.split('-')[0] ?? 'en';

  useEffect(() => {
    let active = true;
    let card: StripeCardElement | null = null;
    loadStripeJs(publishableKey)
      .then((loaded) => {
        if (!active) return;
        if (loaded === null || container.current === null) {
          setStatus('failed');
          return;
        }
        const elements = loaded.elements({ locale: STRIPE_LOCALES.includes(language) ? (language as StripeElementLocale) : 'auto' });
        card = elements.create('card', initialOptions());
        card.on('change', (event) => {
          empty.current = event.empty;
          setError(event.error?.message ?? '');
          notifyChange();
        });
        card.on('ready', () => setStatus('ready'));
        card.on('loaderror', (event) => {
          setError(event.error.message ?? '');
          setStatus('failed');
        });
        card.mount(container.current);
        stripe.current = { stripe: loaded, card };
      })
      .catch(() => {
        // Stripe.js could not be fetched (offline, blocked): the viewer can try again.
        if (active) setStatus('failed');
      });
    return () => {
      active = false;
      stripe.current = null;
      card?.destroy();
    };
  }, [publishableKey, language, attempt]);

  const style = elementStyle(theme);
  const styleKey = JSON.stringify(style);
  useEffect(() => {
    stripe.current?.card.update({ style: JSON.parse(styleKey) as StripeCardElementOptions['style'], disabled });
  }, [styleKey, disabled]);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        const current = stripe.current;
        if (current === null) return { status: 'refused' };
        if (empty.current) return { status: 'empty' };
        const result = await current.stripe.createPaymentMethod({ type: 'card', card: current.card });
        if (result.error) {
          setError(result.error.message ?? t('checkout.stripeFailed'));
          return { status: 'refused' };
        }
        return { status: 'created', id: result.paymentMethod.id };
      },
    }),
    [t],
  );

  return (
    <Field>
      {/* A div cannot be labelled by <label for>: the group takes the label, a click on it focuses the card. */}
      <FieldLabel id={labelId} onClick={() => stripe.current?.card.focus()}>
        {t('checkout.cardDetails')}
      </FieldLabel>
      <CardBox ref={container} role="group" aria-labelledby={labelId} aria-describedby={errorId} aria-busy={status === 'loading'} $disabled={disabled} />
      {status === 'loading' && <Hint>{t('checkout.stripeLoading')}</Hint>}
      <FieldError id={errorId} aria-live="polite">
        {error}
      </FieldError>
      {status === 'failed' && (
        <Stack direction="row" gap="sm">
          <FormMessage tone="error">{t('checkout.stripeUnavailable')}</FormMessage>
          <Button
            variant="secondary"
            onClick={() => {
              setError('');
              setStatus('loading');
              setAttempt((value) => value + 1);
            }}
          >
            {t('retry')}
          </Button>
        </Stack>
      )}
    </Field>
  );
}

const Field = styled.div`
  display: grid;
  gap: var(--gs-space-xs);
`;

const FieldLabel = styled.span`
  font-weight: var(--gs-font-weight-medium);
  cursor: default;
`;

// Stripe.js puts StripeElement--focus / --invalid / --disabled on the container it is mounted in.
const CardBox = styled.div<{ $disabled: boolean }>`
  min-height: 2.75rem;
  padding: 0.625rem var(--gs-space-sm);
  border: 2px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  background: var(--gs-body-background);
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};

  &.StripeElement--focus {
    outline: 3px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }

  &.StripeElement--invalid {
    border-color: var(--gs-danger);
  }
`;

const Hint = styled.p`
  margin: 0;
  color: var(--gs-muted-text);
  font-size: var(--gs-font-size-sm);
`;

const FieldError = styled.p`
  margin: 0;
  color: var(--gs-danger);
  font-size: var(--gs-font-size-sm);
  font-weight: var(--gs-font-weight-medium);

  &:empty {
    ${visuallyHidden}
  }
`;
