import type { Event, ParticipantGroup } from '@grandstand/contract';
import { formatEventDateTime, useTranslation } from '@grandstand/i18n';
import { EventCard, Link } from '@grandstand/ui';
import styled from 'styled-components';
import { accessLabel, eventColors, eventTitle } from '../display.ts';
import { FollowSlot } from '../extensions.tsx';
import { schoolPath, sportSchedulePath, teamSchedulePath, watchPath } from '../links.ts';
import type { Catalog } from '../useCatalog.ts';

export interface EventTileProps {
  event: Event;
  catalog: Catalog;
  layout?: 'grid' | 'list';
  headingLevel?: 2 | 3 | 4;
  /** One of the first cards of the page: its picture loads at once. */
  priority?: boolean;
  /**
   * The channel's currency (its settings'), for the price. Given by the rail or listing, which reads
   * the settings once for all its cards: a query hook in each card cost a store subscription apiece.
   */
  currency: string;
}

/** The schools of an event's teams, each once. */
export function eventSchools(event: Event, catalog: Catalog): ParticipantGroup[] {
  const schools = new Map<number, ParticipantGroup>();
  for (const participant of event.participants) {
    const groupId = catalog.teamById.get(participant.id)?.participant_group_id;
    const group = groupId === null || groupId === undefined ? undefined : catalog.groupById.get(groupId);
    if (group) schools.set(group.id, group);
  }
  return [...schools.values()];
}

/** An event as a card: the card leads to its watch page; teams, sport and school link to their pages. */
export function EventTile({ event, catalog, layout = 'grid', headingLevel = 3, priority = false, currency }: EventTileProps) {
  const { t, i18n } = useTranslation('events');
  const language = i18n.language;
  const sport = event.event_category_id === null ? undefined : catalog.categoryById.get(event.event_category_id);
  const schools = eventSchools(event, catalog);
  const ordered = [...event.participants].sort((a, b) => (a.side === b.side ? 0 : a.side === 'away' ? -1 : 1));

  return (
    <EventCard
      title={eventTitle(event, t)}
      href={watchPath(event.id)}
      dateTime={formatEventDateTime(event.event_utc_ts, event.time_zone, language)}
      isoDate={new Date(event.event_utc_ts * 1000).toISOString()}
      liveLabel={event.stream_status === 'live' && !event.cancelled ? t('card.live') : undefined}
      priceLabel={accessLabel(event, currency, language, t)}
      picture={event.picture}
      priority={priority}
      colors={eventColors(event)}
      layout={layout}
      headingLevel={headingLevel}
      details={
        <>
          {ordered.map((participant) => {
            const team = catalog.teamById.get(participant.id);
            // The follow control sits beside the team's link, never inside it: two controls, two names.
            return (
              <Team key={participant.id}>
                <Link href={teamSchedulePath({ alias: team?.alias ?? null, name: participant.name })}>{participant.short_name ?? participant.name}</Link>
                <FollowSlot kind="participant" id={participant.id} name={participant.name} />
              </Team>
            );
          })}
          {sport && <Link href={sportSchedulePath(sport)}>{sport.name}</Link>}
          {schools.map((school) => (
            <Link key={school.id} href={schoolPath(school)}>
              {school.name}
            </Link>
          ))}
        </>
      }
    />
  );
}

// The team's link and its follow star, each a 24 px target (WCAG 2.5.8) in the card's 24 px detail row.
const Team = styled.span`
  display: inline-flex;
  align-items: center;
  gap: var(--gs-space-xxs);
`;
