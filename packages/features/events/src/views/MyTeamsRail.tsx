import type { Event } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { useEffect } from 'react';
import { useGetFavoriteEventsQuery } from '../eventsApi.ts';
import type { Catalog } from '../useCatalog.ts';
import type { EventsRail, SeeAll } from './HomeView.tsx';

/** Where the rail's "See all" leads: the upcoming listing's "My teams" filter. */
export const MY_TEAMS_LISTING = '/upcoming?mine=1';

/** Replays close the rail: a few of the latest, after what is live and what is coming. */
const REPLAYS = 6;

/**
 * "My teams": the games of the teams, schools and sports the viewer follows (spec §7
 * /events/favorite), live first, then upcoming (soonest first), then the latest replays. It holds
 * its place while they load and is absent when there is nothing to show (no favourites, or no games).
 */
export interface MyTeamsRailProps {
  catalog: Catalog;
  /** Skeleton cards while the games load (false: nothing until they are in). */
  holdPlace?: boolean;
  /** Told whether the rail turned out empty, once its games are in. */
  onSettled?: (empty: boolean) => void;
  /**
   * The home's rail, its "See all" and a rail's size, handed in by the home: this chunk then imports
   * nothing of the home's, and the home's chunk is the one its lazy import loads, not a second file
   * that only re-exports it.
   */
  parts: { Rail: typeof EventsRail; SeeAll: typeof SeeAll; size: number };
}

export function MyTeamsRail({ catalog, holdPlace = true, onSettled, parts: { Rail, SeeAll, size } }: MyTeamsRailProps) {
  const { t } = useTranslation('events');
  const live = useGetFavoriteEventsQuery({ stream_status: 'live', limit: size });
  const upcoming = useGetFavoriteEventsQuery({ stream_status: 'upcoming', limit: size });
  // Finished events come newest first by default (as /events).
  const replays = useGetFavoriteEventsQuery({ stream_status: 'finished', limit: REPLAYS });
  const answers = [live, upcoming, replays];
  // A refused part (the session ended meanwhile) counts as empty rather than holding the rail forever.
  const settled = answers.every((answer) => answer.data !== undefined || answer.isError);
  const title = t('home.myTeams');
  let events: Event[] | undefined;
  if (settled) {
    // An event that went live between two answers is shown once, in its first place.
    const seen = new Set<number>();
    events = answers
      .flatMap((answer) => answer.data?.data ?? [])
      .filter((event) => {
        if (seen.has(event.id)) return false;
        seen.add(event.id);
        return true;
      });
  }
  const empty = events?.length === 0;
  // Only real answers are remembered: a failed call says nothing about what the viewer follows.
  const answered = answers.every((answer) => answer.data !== undefined);
  useEffect(() => {
    if (answered) onSettled?.(empty);
    // Once per answer: a new callback each render of the home is not a new answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered, empty]);
  if (empty || (!events && !holdPlace)) return null;
  return <Rail title={title} events={events} catalog={catalog} action={<SeeAll href={MY_TEAMS_LISTING} title={title} />} />;
}
