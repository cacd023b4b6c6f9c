import type { Event, EventsQuery, Slide } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { channelApi, selectUser, useAppSelector, useClientStorage } from '@grandstand/store';
import { ButtonLink, Crest, EventCardSkeleton, Link, Loader, Page, Picture, Rail, visuallyHidden } from '@grandstand/ui';
import { lazy, Suspense, useDeferredValue, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { EventTile } from '../components/EventTile.tsx';
import { NearViewport } from '../components/NearViewport.tsx';
import { useGetEventsForHomepageQuery, useGetEventsQuery } from '../eventsApi.ts';
import { FollowSlot } from '../extensions.tsx';
import { schoolPath, slideHref, sportSchedulePath, teamSchedulePath } from '../links.ts';
import type { SlideTargets } from '../links.ts';
import type { Catalog } from '../useCatalog.ts';
import { findGroup, useCatalog } from '../useCatalog.ts';

/** How many events a home rail holds. */
export const RAIL_SIZE = 12;

/** Skeleton cards a loading rail shows: enough to fill a wide screen's row. */
const SKELETON_CARDS = 4;
/** Height held for a rail below the fold until it is near the viewport (its title and a row of cards). */
const RAIL_PLACEHOLDER = '26rem';

/** A featured slide: its hero picture under a veil that keeps the title readable, the whole slide one link. */
function SlideItem({ slide, targets, priority }: { slide: Slide; targets: SlideTargets; priority: boolean }) {
  const target = slideHref(slide, targets);
  const picture = slide.picture;
  const content = (
    <SlideText $image={Boolean(picture)}>
      <strong>{slide.title}</strong>
      {slide.subtitle && <span>{slide.subtitle}</span>}
    </SlideText>
  );
  return (
    <SlideCard $image={Boolean(picture)}>
      <Picture picture={picture} alt="" fill priority={priority} sizes="(min-width: 768px) 60rem, 100vw" />
      {!target ? content : target.external ? <a href={target.href}>{content}</a> : <Link href={target.href}>{content}</Link>}
    </SlideCard>
  );
}

/** The featured slides as the page's hero; its height is held while they load. */
function SlidesRail({ targets }: { targets: SlideTargets }) {
  const { t } = useTranslation('events');
  const { data: slides, isLoading } = channelApi.useGetSlidesQuery(undefined);
  const title = t('home.featured');
  if (isLoading || !slides) {
    return (
      <Rail title={title} previousLabel={t('rail.previous')} nextLabel={t('rail.next')} variant="hero" busy>
        <SlideCard $image={false} $loading aria-hidden="true" />
      </Rail>
    );
  }
  // A channel without slides has no hero: the only case the top of the page closes up.
  if (slides.length === 0) return null;
  return (
    <Rail title={title} previousLabel={t('rail.previous')} nextLabel={t('rail.next')} variant="hero">
      {slides.map((slide, index) => (
        <SlideItem key={slide.id} slide={slide} targets={targets} priority={index === 0} />
      ))}
    </Rail>
  );
}

/**
 * Whether a rail that turned out empty keeps its place: only when it is on screen at that moment,
 * where closing it would move what the viewer is looking at. Below the fold (or not laid out at
 * all) it closes up.
 */
function useKeepWhenEmpty(empty: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [keep, setKeep] = useState<boolean | undefined>(undefined);
  useLayoutEffect(() => {
    if (!empty || keep !== undefined) return;
    const rect = ref.current?.getBoundingClientRect();
    setKeep(Boolean(rect && rect.height > 0 && rect.top < window.innerHeight && rect.bottom > 0));
  }, [empty, keep]);
  return { ref, keep };
}

interface RailFrameProps {
  title: string;
  events: readonly Event[] | undefined;
  catalog: Catalog;
  action?: ReactNode;
  /** The first cards of the page load their pictures at once. */
  priority?: boolean;
}

/** A rail of events: skeleton cards of the final size while loading, then the cards, or nothing. */
export function EventsRail({ title, events: arrived, catalog, action, priority = false }: RailFrameProps) {
  const { t } = useTranslation('events');
  const { data: settings } = channelApi.useGetSettingsQuery();
  const currency = settings?.currency ?? 'USD';
  // Data arrives outside any transition (the store notifies at once): the cards then render as a
  // deferred update, in slices, while the skeleton stays up, instead of blocking the page.
  const events = useDeferredValue(arrived);
  const empty = events !== undefined && events.length === 0;
  const { ref, keep } = useKeepWhenEmpty(empty);
  const rail = (busy: boolean, children: ReactNode) => (
    <div ref={ref}>
      <Rail title={title} previousLabel={t('rail.previous')} nextLabel={t('rail.next')} action={action} busy={busy}>
        {children}
      </Rail>
    </div>
  );
  if (!events || (empty && keep === undefined)) {
    return rail(
      true,
      Array.from({ length: SKELETON_CARDS }, (_, index) => <EventCardSkeleton key={index} />),
    );
  }
  if (empty) {
    return keep
      ? rail(
          false,
          <EmptySlot>
            <Ghost />
            <EmptyNote>{t('home.emptyRail')}</EmptyNote>
          </EmptySlot>,
        )
      : null;
  }
  return rail(
    false,
    events.map((event, index) => <EventTile key={event.id} event={event} catalog={catalog} currency={currency} priority={priority && index < 2} />),
  );
}

interface EventRailProps {
  title: string;
  query: EventsQuery;
  seeAll: string;
  catalog: Catalog;
}

/** What a rail asks the listing for: one page of its size (LaterRailsData asks the same). */
function railArgs(query: EventsQuery): EventsQuery {
  return { ...query, limit: RAIL_SIZE };
}

/** A rail of one listing, with its "See all" link. */
function EventRail({ title, query, seeAll, catalog }: EventRailProps) {
  const { data, isError } = useGetEventsQuery(railArgs(query));
  return (
    <EventsRail
      title={title}
      events={data?.data ?? (isError ? [] : undefined)}
      catalog={catalog}
      action={<SeeAll href={seeAll} title={title} />}
    />
  );
}

/** The later rails' listings, as their `EventRail`s ask for them. */
const LIVE: EventsQuery = { stream_status: 'live' };
const UPCOMING: EventsQuery = { stream_status: 'upcoming' };
const ON_DEMAND: EventsQuery = { stream_status: 'finished' };
const RENDERED_ON_SERVER = typeof window === 'undefined';

/**
 * Asks for the later rails' listings while the server renders the home, and for nothing in the
 * browser. The rails themselves render only near the viewport, but their listings come with the
 * page's data: a rail then shows its cards at once, with the dates as the server wrote them, and
 * the phone makes no request and no first use of Intl (one long task) for it.
 */
function LaterRailsData() {
  useGetEventsQuery(railArgs(LIVE), { skip: !RENDERED_ON_SERVER });
  useGetEventsQuery(railArgs(UPCOMING), { skip: !RENDERED_ON_SERVER });
  useGetEventsQuery(railArgs(ON_DEMAND), { skip: !RENDERED_ON_SERVER });
  return null;
}

function HighlightsRail({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('events');
  const { data, isError } = useGetEventsForHomepageQuery(undefined);
  // The hero's first slide is the page's largest paint: it alone loads first. Without slides the
  // first cards are, and theirs do.
  const { data: slides } = channelApi.useGetSlidesQuery(undefined);
  const priority = slides !== undefined && slides.length === 0;
  return <EventsRail title={t('home.highlights')} events={data ?? (isError ? [] : undefined)} catalog={catalog} priority={priority} />;
}

/** The "See all" of a rail, named with the rail's title for a screen reader. */
export function SeeAll({ href, title }: { href: string; title: string }) {
  const { t } = useTranslation('events');
  return (
    <ButtonLink href={href} variant="ghost" size="sm">
      <span aria-hidden="true">{t('home.seeAll')}</span>
      <Hidden>{t('home.seeAllOf', { title })}</Hidden>
    </ButtonLink>
  );
}

/** The "My teams" rail's code: a chunk of its own, loaded only for a logged-in viewer. */
const LazyMyTeamsRail = lazy(async () => ({ default: (await import('./MyTeamsRail.tsx')).MyTeamsRail }));

/** What the "My teams" rail takes of the home's (MyTeamsRail.tsx says why it is handed in). */
const MY_TEAMS_PARTS = { Rail: EventsRail, SeeAll, size: RAIL_SIZE };

/** Remembers that a viewer's "My teams" had nothing to show, so their next home does not hold a place for it. */
export const myTeamsEmptyKey = (userId: number) => `my-teams-empty:${userId}`;
/** How long that is remembered: a month, past which the rail holds its place again while it loads. */
const MY_TEAMS_EMPTY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * "My teams" for a logged-in viewer: their followed teams', schools' and sports' games. A visitor
 * (and so the server's render) gets nothing here, and no favourites code.
 */
function MyTeams({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('events');
  const user = useAppSelector(selectUser);
  const storage = useClientStorage();
  if (!user) return null;
  // A viewer whose rail was empty last time (they follow nothing) gets no place held for it: no
  // skeleton that then closes. Anyone else sees its place held while its code and games load.
  const key = myTeamsEmptyKey(user.id);
  const holdPlace = storage.get<boolean>(key) !== true;
  const remember = (empty: boolean) => (empty ? storage.set(key, true, MY_TEAMS_EMPTY_MS) : storage.remove(key));
  return (
    <Suspense fallback={holdPlace ? <EventsRail title={t('home.myTeams')} events={undefined} catalog={catalog} /> : null}>
      <LazyMyTeamsRail catalog={catalog} holdPlace={holdPlace} onSettled={remember} parts={MY_TEAMS_PARTS} />
    </Suspense>
  );
}

/**
 * The home route: slides, the homepage events and the Live now, Upcoming and On demand rails, then
 * the schools and sports. `?school=` (alias or name, spec §2) narrows it to one school: its teams
 * and its events.
 */
export function HomeView() {
  const { t } = useTranslation('events');
  const [params] = useSearchParams();
  const catalog = useCatalog();
  const { data: settings } = channelApi.useGetSettingsQuery();
  const schoolKey = params.get('school');
  const school = findGroup(catalog.groups, schoolKey);
  // A school named in the URL is known only once the schools are in: no whole-home flash before.
  const waiting = Boolean(schoolKey) && !catalog.groupsSettled;
  const channelName = settings?.name ?? '';

  if (waiting) return <Loader label={t('home.loading')} />;

  if (school) {
    const key = school.alias ?? school.name;
    const teams = catalog.teams.filter((team) => team.participant_group_id === school.id);
    const scoped = (path: string) => `${path}?${new URLSearchParams({ school: key })}`;
    return (
      <Home>
        <title>{channelName ? t('pageTitle', { title: school.name, channel: channelName }) : school.name}</title>
        <SchoolHeading>
          <Crest name={school.name} src={school.crest} decorative size="3rem" />
          <h1>{school.name}</h1>
          <FollowSlot kind="group" id={school.id} name={school.name} size="md" />
        </SchoolHeading>
        <Link href="/">{t('home.allSchools')}</Link>
        <EventRail title={t('nav.live')} query={{ stream_status: 'live', school: key }} seeAll={scoped('/live')} catalog={catalog} />
        <EventRail title={t('nav.upcoming')} query={{ stream_status: 'upcoming', school: key }} seeAll={scoped('/upcoming')} catalog={catalog} />
        <NearViewport minHeight={RAIL_PLACEHOLDER}>
          <EventRail title={t('nav.vod')} query={{ stream_status: 'finished', school: key }} seeAll={scoped('/vod')} catalog={catalog} />
        </NearViewport>
        <section aria-labelledby="teams-heading">
          <h2 id="teams-heading">{t('home.teams')}</h2>
          {teams.length === 0 ? (
            <p>{t('home.noTeams')}</p>
          ) : (
            <List>
              {teams.map((team) => (
                <li key={team.id}>
                  <Crest name={team.name} src={team.crest} color={team.color} decorative />
                  <Link href={teamSchedulePath(team)}>{team.name}</Link>
                  <FollowSlot kind="participant" id={team.id} name={team.name} />
                </li>
              ))}
            </List>
          )}
        </section>
      </Home>
    );
  }

  return (
    <Home>
      <title>{channelName}</title>
      {/* No empty heading for a screen reader while the channel's settings are on their way. */}
      {channelName && <h1>{channelName}</h1>}
      <SlidesRail targets={catalog} />
      <HighlightsRail catalog={catalog} />
      <MyTeams catalog={catalog} />
      <LaterRailsData />
      {/* Below the fold on a phone and on a laptop: rendered as they come near. */}
      <NearViewport minHeight={RAIL_PLACEHOLDER}>
        <EventRail title={t('nav.live')} query={LIVE} seeAll="/live" catalog={catalog} />
      </NearViewport>
      <NearViewport minHeight={RAIL_PLACEHOLDER}>
        <EventRail title={t('nav.upcoming')} query={UPCOMING} seeAll="/upcoming" catalog={catalog} />
      </NearViewport>
      <NearViewport minHeight={RAIL_PLACEHOLDER}>
        <EventRail title={t('nav.vod')} query={ON_DEMAND} seeAll="/vod" catalog={catalog} />
      </NearViewport>
      {catalog.groups.length > 0 && (
        <NearViewport minHeight="12rem">
          <section aria-labelledby="schools-heading">
            <h2 id="schools-heading">{t('home.schools')}</h2>
            <List>
              {catalog.groups.map((group) => (
                <li key={group.id}>
                  <Crest name={group.name} src={group.crest} decorative />
                  <Link href={schoolPath(group)}>{group.name}</Link>
                  <FollowSlot kind="group" id={group.id} name={group.name} />
                </li>
              ))}
            </List>
          </section>
        </NearViewport>
      )}
      {catalog.categories.length > 0 && (
        <NearViewport minHeight="12rem">
          <section aria-labelledby="sports-heading">
            <h2 id="sports-heading">{t('home.sports')}</h2>
            <List>
              {catalog.categories.map((category) => (
                <Category key={category.id}>
                  <Crest name={category.name} decorative />
                  <CategoryLinks>
                    <Followed>
                      <Link href={sportSchedulePath(category)}>{category.name}</Link>
                      <FollowSlot kind="category" id={category.id} name={category.name} />
                    </Followed>
                    {category.children.length > 0 && (
                      <Sub>
                        {category.children.map((child) => (
                          <Followed key={child.id}>
                            <Link href={sportSchedulePath(child)}>{child.name}</Link>
                            <FollowSlot kind="category" id={child.id} name={child.name} />
                          </Followed>
                        ))}
                      </Sub>
                    )}
                  </CategoryLinks>
                </Category>
              ))}
            </List>
          </section>
        </NearViewport>
      )}
    </Home>
  );
}

// The schools', sports' and teams' headings; a rail's title has its own layout.
const Home = styled(Page).attrs({ width: 'full', gap: 'xl' })`
  h1 {
    margin: 0;
    font-size: var(--gs-font-size-xl);
    line-height: 1.25;

    ${({ theme }) => theme.media.md} {
      font-size: var(--gs-font-size-xxl);
    }
  }
  & > section > h2 {
    margin: 0 0 var(--gs-space-md);
    font-size: var(--gs-font-size-lg);
  }
  & > a {
    justify-self: start;
    color: var(--gs-link);
  }
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

/** A hero slide: 16:9 on phones, 21:9 wider, its height known before its picture or its data. */
const SlideCard = styled.div<{ $image: boolean; $loading?: boolean }>`
  position: relative;
  display: grid;
  aspect-ratio: 16 / 9;
  border-radius: var(--gs-radius-lg);
  background: ${({ theme, $loading }) => ($loading ? theme.colors.bodyTextColor10 : theme.colors.secondaryColor)};
  color: ${({ theme, $image }) => ($image ? '#fff' : theme.colors.secondaryContrast)};
  overflow: hidden;

  ${({ theme }) => theme.media.md} {
    aspect-ratio: 21 / 9;
  }

  & > a {
    position: relative;
    display: grid;
    color: inherit;
    text-decoration: none;
  }
  & > a:focus-visible {
    outline: 3px solid var(--gs-focus-ring);
    outline-offset: -3px;
  }
`;

// A picture behind the text: a dark veil keeps the text readable.
const SlideText = styled.span<{ $image: boolean }>`
  background: ${({ $image }) => ($image ? 'linear-gradient(transparent 30%, rgba(0, 0, 0, 0.75))' : 'none')};
  position: relative;
  display: grid;
  gap: var(--gs-space-xs);
  align-content: end;
  height: 100%;
  box-sizing: border-box;
  padding: var(--gs-space-lg);

  strong {
    font-size: var(--gs-font-size-xl);
    line-height: 1.2;
  }
  ${({ theme }) => theme.media.md} {
    padding: var(--gs-space-xl);
    strong {
      font-size: var(--gs-font-size-xxl);
    }
  }
`;

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: var(--gs-space-sm);
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    gap: var(--gs-space-sm);
    padding: var(--gs-space-md);
    border-radius: var(--gs-radius-md);
    background: var(--gs-surface);
    color: var(--gs-surface-text);
  }
  a {
    color: var(--gs-link);
    font-weight: var(--gs-font-weight-medium);
  }
`;

const Category = styled.li`
  && {
    align-items: center;
  }
`;

const CategoryLinks = styled.span`
  display: grid;
  gap: var(--gs-space-xxs);
`;

const Sub = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-sm);
  font-size: var(--gs-font-size-sm);
`;

/** A sport's link with its follow control beside it. */
const Followed = styled.span`
  display: inline-flex;
  align-items: center;
  gap: var(--gs-space-xxs);
`;

const SchoolHeading = styled.div`
  display: flex;
  align-items: center;
  gap: var(--gs-space-md);
`;

/** An empty rail on screen keeps a card's place: a dashed card-sized box with a word. */
const EmptySlot = styled.div`
  position: relative;
  display: grid;
`;

const Ghost = styled(EventCardSkeleton)`
  visibility: hidden;
`;

const EmptyNote = styled.p`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  margin: 0;
  padding: var(--gs-space-md);
  border: 2px dashed var(--gs-border);
  border-radius: var(--gs-radius-lg);
  color: var(--gs-muted-text);
  text-align: center;
`;
