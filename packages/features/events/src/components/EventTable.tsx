import type { Event } from '@grandstand/contract';
import { formatEventDateTime, useTranslation } from '@grandstand/i18n';
import { channelApi } from '@grandstand/store';
import { Badge, Link } from '@grandstand/ui';
import styled from 'styled-components';
import { accessLabel, eventTitle } from '../display.ts';
import { sportSchedulePath, watchPath } from '../links.ts';
import type { Catalog } from '../useCatalog.ts';

/** spec §3 table view: one row per event with its time in the event's zone, sport and access. */
export function EventTable({ events, catalog }: { events: readonly Event[]; catalog: Catalog }) {
  const { t, i18n } = useTranslation('events');
  const { data: settings } = channelApi.useGetSettingsQuery();
  return (
    <Scroll>
      <Table>
        <caption>{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.event')}</th>
            <th scope="col">{t('table.date')}</th>
            <th scope="col">{t('table.sport')}</th>
            <th scope="col">{t('table.access')}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const when = formatEventDateTime(event.event_utc_ts, event.time_zone, i18n.language);
            const sport = event.event_category_id === null ? undefined : catalog.categoryById.get(event.event_category_id);
            return (
              <tr key={event.id}>
                <th scope="row">
                  <Link href={watchPath(event.id)}>{eventTitle(event, t)}</Link>{' '}
                  {event.stream_status === 'live' && !event.cancelled && <Badge tone="live">{t('card.live')}</Badge>}
                </th>
                <td>
                  <time dateTime={new Date(event.event_utc_ts * 1000).toISOString()}>
                    {when.month} {when.day} · {when.time} {when.zone}
                  </time>
                </td>
                <td>{sport ? <Link href={sportSchedulePath(sport)}>{sport.name}</Link> : null}</td>
                <td>{accessLabel(event, settings?.currency ?? 'USD', i18n.language, t)}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Scroll>
  );
}

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: var(--gs-font-size-sm);

  caption {
    text-align: left;
    font-weight: var(--gs-font-weight-bold);
    padding-bottom: var(--gs-space-sm);
  }
  th,
  td {
    padding: var(--gs-space-sm);
    border-bottom: 1px solid var(--gs-body-text-color-20);
    text-align: left;
    vertical-align: middle;
  }
  thead th {
    color: var(--gs-muted-text);
    font-weight: var(--gs-font-weight-medium);
  }
  a {
    color: var(--gs-link);
  }
`;
