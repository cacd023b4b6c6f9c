import type { AccessOption, EventDetail } from '@grandstand/contract';
import { formatPrice, useTranslation } from '@grandstand/i18n';
import { ButtonLink } from '@grandstand/ui';
import styled from 'styled-components';

/**
 * Where each option of the access panel leads. Buying goes to `/select-package/{id}` (spec §2), which
 * offers this event alone through the single-event package and the passes that cover it.
 */
export function accessHref(option: AccessOption, eventId: number): string {
  const query = new URLSearchParams({ event_id: String(eventId) });
  switch (option) {
    case 'register_free':
      return `/registration?${query}`;
    case 'login':
      return `/login?${query}`;
    case 'buy_event':
    case 'buy_price':
    case 'get_free':
      return `/select-package/${eventId}`;
  }
}

/**
 * spec §2: instead of the stream, what the viewer can do: register to watch free, login to watch,
 * buy event, buy for a price, get it free; or, in a blocked region, the geo text alone.
 */
export function AccessPanel({ event, currency, language }: { event: EventDetail; currency: string; language: string }) {
  const { t } = useTranslation(['watch', 'errors']);
  if (event.access.geo_blocked) {
    return (
      <Panel role="region" aria-label={t('watch:access.title')}>
        <p>{t('errors:geoBlocked')}</p>
      </Panel>
    );
  }
  const hint = event.access_type === 'register' ? t('watch:access.registerHint') : t('watch:access.purchaseHint');
  return (
    <Panel role="region" aria-label={t('watch:access.title')}>
      <h2>{t('watch:access.title')}</h2>
      <p>{hint}</p>
      <Actions>
        {event.access.options.map((option) => (
          <li key={option}>
            {/* Registering or buying is the way in; logging in is for viewers who already have it. */}
            <ButtonLink href={accessHref(option, event.id)} variant={option === 'login' ? 'secondary' : 'primary'}>
              {option === 'buy_price' ? t('watch:access.buy_price', { price: formatPrice(event.base_price, currency, language) }) : t(`watch:access.${option}`)}
            </ButtonLink>
          </li>
        ))}
      </Actions>
    </Panel>
  );
}

const Panel = styled.div`
  display: grid;
  justify-items: center;
  gap: var(--gs-space-md);
  max-width: 32rem;
  padding: var(--gs-space-lg);
  text-align: center;

  h2,
  p {
    margin: 0;
  }
`;

const Actions = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: var(--gs-space-sm);
  margin: 0;
  padding: 0;
  list-style: none;
`;
