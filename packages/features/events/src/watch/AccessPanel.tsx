import type { AccessOption, EventDetail } from '@grandstand/contract';
import { formatPrice, useTranslation } from '@grandstand/i18n';
import { AccessPanel } from '@grandstand/ui';

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
 * buy event, buy for a price, get it free; or, in a blocked region, the geo text alone; or, for a
 * viewer the channel suspended, why.
 */
export function EventAccessPanel({ event, currency, language }: { event: EventDetail; currency: string; language: string }) {
  const { t } = useTranslation(['watch', 'errors']);
  if (event.access.geo_blocked) return <AccessPanel title={t('watch:access.title')} message={t('errors:geoBlocked')} titleHidden />;
  // The channel's support suspended the viewer: why, in the site's words, with support's own reason.
  const refusal = event.access.refusal;
  if (refusal?.code === 'viewer_suspended') {
    const message = refusal.reason ? `${t('errors:viewerSuspended')} ${t('errors:viewerSuspendedReason', { reason: refusal.reason })}` : t('errors:viewerSuspended');
    return <AccessPanel title={t('watch:access.title')} message={message} titleHidden />;
  }
  return (
    <AccessPanel
      title={t('watch:access.title')}
      message={event.access_type === 'register' ? t('watch:access.registerHint') : t('watch:access.purchaseHint')}
      actions={event.access.options.map((option) => ({
        href: accessHref(option, event.id),
        label: option === 'buy_price' ? t('watch:access.buy_price', { price: formatPrice(event.base_price, currency, language) }) : t(`watch:access.${option}`),
        // Registering or buying is the way in; logging in is for viewers who already have it.
        variant: option === 'login' ? 'secondary' : 'primary',
      }))}
    />
  );
}
