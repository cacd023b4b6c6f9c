import type { ConsoleEvent } from '@grandstand/contract';
import { formatPrice, useTranslation } from '@grandstand/i18n';
import { Badge, Button, ButtonLink, Card, Text } from '@grandstand/ui';
import { eventState, formatStart } from '../display.ts';
import { schedulePaths } from '../paths.ts';
import { Hidden } from './Hidden.ts';
import type { ScheduleAction } from '../scheduleApi.ts';
import { Badges, EventName, RowActions, RowTop } from '../views/EventsPage/EventsPage.styles.ts';

export interface EventRowProps {
  event: ConsoleEvent;
  currency: string;
  language: string;
  /** Owners and producers change events; support reads them. */
  canWrite: boolean;
  onAction: (action: ScheduleAction) => void;
}

const STATE_BADGE = { cancelled: 'badge.cancelled', draft: 'badge.draft', live: 'badge.live', finished: 'badge.finished', upcoming: 'badge.upcoming' } as const;

/** One event of the list: its name, when (on its own clock), what and where, its state and access, and its actions. */
export function EventRow({ event, currency, language, canWrite, onAction }: EventRowProps) {
  const { t } = useTranslation('schedule');
  const state = eventState(event);
  const price = formatPrice(event.price, currency, language);
  const where = [event.sport?.name, event.venue?.name, event.school?.name].filter(Boolean).join(' · ');
  const name = event.name;
  const finished = event.streamStatus === 'finished';

  return (
    <Card as="li" gap="sm" aria-label={name}>
      <RowTop>
        <EventName>{name}</EventName>
        <Badges>
          <Badge tone={state === 'live' ? 'live' : state === 'cancelled' || state === 'draft' ? 'primary' : 'neutral'}>{t(STATE_BADGE[state])}</Badge>
          <Badge>{t(`badge.${event.accessType}`, { price })}</Badge>
          {!event.prerolls && <Badge>{t('badge.prerollsOff')}</Badge>}
        </Badges>
      </RowTop>
      <Text>
        <time dateTime={event.startsAt}>{formatStart(event.startsAt, event.timeZone, language)}</time>
      </Text>
      {where && <Text tone="muted">{where}</Text>}
      {canWrite && (
        <RowActions role="group" aria-label={t('list.actionsOf', { name })}>
          <ButtonLink href={schedulePaths.edit(event.id)} size="sm" variant="secondary">
            <span aria-hidden="true">{t('list.edit')}</span>
            <Hidden>{t('list.editEvent', { name })}</Hidden>
          </ButtonLink>
          {!event.cancelled && (
            <>
              {/* A finished event is not moved or called off any more; it can still be edited or unpublished. */}
              <ButtonLink href={schedulePaths.live(event.id)} size="sm" variant="secondary">
                <span aria-hidden="true">{t('list.live')}</span>
                <Hidden>{t('list.liveEvent', { name })}</Hidden>
              </ButtonLink>
              {!finished && (
                <ButtonLink href={schedulePaths.reschedule(event.id)} size="sm" variant="secondary">
                  <span aria-hidden="true">{t('list.reschedule')}</span>
                  <Hidden>{t('list.rescheduleEvent', { name })}</Hidden>
                </ButtonLink>
              )}
              {event.published ? (
                <Button size="sm" variant="secondary" aria-label={t('list.unpublishEvent', { name })} onClick={() => onAction('unpublish')}>
                  {t('list.unpublish')}
                </Button>
              ) : (
                <Button size="sm" variant="secondary" aria-label={t('list.publishEvent', { name })} onClick={() => onAction('publish')}>
                  {t('list.publish')}
                </Button>
              )}
              {!finished && (
                <Button size="sm" variant="ghost" aria-label={t('list.cancelEvent', { name })} onClick={() => onAction('cancel')}>
                  {t('list.cancel')}
                </Button>
              )}
            </>
          )}
        </RowActions>
      )}
    </Card>
  );
}
