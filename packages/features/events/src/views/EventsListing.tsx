import type { EventsQuery, FavoriteEventsQuery, StreamStatus } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { channelApi, selectIsLoggedIn, useAppSelector } from '@grandstand/store';
import { Button, ButtonLink, Crest, EmptyState, ErrorPanel, EventCardSkeleton, Page, Pagination, SegmentedControl } from '@grandstand/ui';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { DayStrip } from '../components/DayStrip.tsx';
import { EventTable } from '../components/EventTable.tsx';
import { EventTile } from '../components/EventTile.tsx';
import { FILTER_KEYS, FilterBar, LINK_KEYS } from '../components/FilterBar.tsx';
import type { FilterKey, FilterValues, LinkKey } from '../components/FilterBar.tsx';
import { isIsoDay, today } from '../days.ts';
import { useGetEventsQuery, useGetFavoriteEventsQuery } from '../eventsApi.ts';
import { FollowSlot } from '../extensions.tsx';
import type { FollowControlProps } from '../extensions.tsx';
import type { Catalog } from '../useCatalog.ts';
import { findGroup, useCatalog } from '../useCatalog.ts';

export type ListingKind = 'live' | 'upcoming' | 'schedule' | 'vod';

/** One page of a listing; the contract allows up to 100. */
export const PAGE_SIZE = 24;

const STATUS: Record<ListingKind, StreamStatus> = { live: 'live', upcoming: 'upcoming', schedule: 'upcoming', vod: 'finished' };
const GENDERS = ['M', 'W', 'not_identified'] as const;
const LAYOUTS = ['grid', 'list'] as const;
const VIEWS = ['card', 'table'] as const;
type Layout = (typeof LAYOUTS)[number];
type View = (typeof VIEWS)[number];

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

/** A team, school or sport that a listing is narrowed to, as a follow control and a heading need it. */
interface Subject extends Omit<FollowControlProps, 'size'> {
  crest: string | null;
  color: string | null;
}

/** The team, school and sport named in the URL (by alias or name, spec §2 and §3), when the channel knows them. */
function subjectsOf(values: FilterValues, catalog: Catalog): Partial<Record<'school' | 'team' | 'sport', Subject>> {
  const matches = (value: string) => {
    const lower = value.toLowerCase();
    return (item: { alias: string | null; name: string }) => item.alias?.toLowerCase() === lower || item.name.toLowerCase() === lower;
  };
  const subjects: Partial<Record<'school' | 'team' | 'sport', Subject>> = {};
  const school = findGroup(catalog.groups, values.school ?? null);
  if (school) subjects.school = { kind: 'group', id: school.id, name: school.name, crest: school.crest, color: null };
  const team = values.team ? [...catalog.teamById.values()].find(matches(values.team)) : undefined;
  if (team) subjects.team = { kind: 'participant', id: team.id, name: team.name, crest: team.crest, color: team.color };
  const sport = values.sport ? [...catalog.categoryById.values()].find(matches(values.sport)) : undefined;
  if (sport) subjects.sport = { kind: 'category', id: sport.id, name: sport.name, crest: null, color: null };
  return subjects;
}

/**
 * An events listing (spec §2: /live, /upcoming, /schedule, /vod). Everything a viewer sets lives in
 * the URL (filters, school/team/sport keys, day, page, layout, view), so a listing is shareable and
 * the back button undoes a change.
 */
export function EventsListing({ kind, embedded = false }: { kind: ListingKind; embedded?: boolean }) {
  const { t } = useTranslation('events');
  const [params, setParams] = useSearchParams();
  const catalog = useCatalog();
  const { data: settings } = channelApi.useGetSettingsQuery();
  const { data: properties = [], isLoading: propertiesLoading } = channelApi.useGetParticipantGroupPropertiesQuery();
  // spec §7 /events-locations: the venues the venue filter offers.
  const { data: locations = [] } = channelApi.useGetEventLocationsQuery();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // "My teams" needs a viewer: a visitor's `?mine=1` (a shared link) shows the whole listing.
  const mine = loggedIn && params.get('mine') === '1';

  const values: FilterValues = {};
  for (const key of [...FILTER_KEYS, ...LINK_KEYS]) {
    const value = params.get(key)?.trim();
    if (value) values[key] = value;
  }
  const first = today();
  const rawDay = params.get('date');
  const day = kind === 'schedule' ? (isIsoDay(rawDay) && rawDay >= first ? rawDay : first) : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const layout = pick<Layout>(params.get('layout'), LAYOUTS, 'grid');
  const view = pick<View>(params.get('view'), VIEWS, 'card');

  const query: EventsQuery = {
    stream_status: STATUS[kind],
    ...values,
    // A gender the contract does not know would be a 400: it is left out instead; so is a venue that is no id.
    gender: GENDERS.find((gender) => gender === values.gender),
    location: values.location !== undefined && /^[1-9]\d{0,8}$/.test(values.location) ? values.location : undefined,
    ...(day ? { start_date: day, end_date: day } : {}),
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  // spec §7 /events/favorite: the listing's status, day and page; the other filters do not apply to it.
  const favoriteQuery: FavoriteEventsQuery = {
    stream_status: STATUS[kind],
    ...(day ? { start_date: day, end_date: day } : {}),
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const all = useGetEventsQuery(query, { skip: mine });
  const favourites = useGetFavoriteEventsQuery(favoriteQuery, { skip: !mine });
  const { data, isFetching, isLoading, isError, refetch } = mine ? favourites : all;

  /** Changes some keys; a change of what is listed goes back to the first page. */
  const update = (changes: Record<string, string | undefined>, keepPage = false) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (!keepPage) next.delete('page');
      return next;
    });
  };
  const clearFilters = () => update(Object.fromEntries([...FILTER_KEYS, ...LINK_KEYS].map((key) => [key, undefined])));
  const filtered = Object.keys(values).length > 0;
  const subjects = subjectsOf(values, catalog);
  // The upcoming page (where a team's, school's or sport's schedule link goes: /schedule is its alias,
  // spec §2) and a channel page's schedule name what they are narrowed to in a heading with its follow
  // control; the chips then leave theirs out, so one thing has one control on the page.
  const namesSubjects = (kind === 'schedule' || kind === 'upcoming') && !mine;
  const headed = namesSubjects ? [subjects.team, subjects.school, subjects.sport].filter((subject) => subject !== undefined) : [];

  const describe = (key: LinkKey, value: string) => {
    if (key === 'school') return findGroup(catalog.groups, value)?.name ?? value;
    const lower = value.toLowerCase();
    return [...catalog.teamById.values()].find((team) => team.alias?.toLowerCase() === lower || team.name.toLowerCase() === lower)?.name ?? value;
  };

  const title = t(`listing.title.${kind}`);
  const total = data?.meta.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const channelName = settings?.name;

  let body;
  if (isLoading || (isFetching && !data)) {
    body = (
      // Skeleton cards of the final size in the same grid: the page is its final shape before the events arrive.
      <Results as="div" $layout={layout} role="status" aria-busy="true" aria-label={t('listing.loading')}>
        {Array.from({ length: 6 }, (_, index) => (
          <EventCardSkeleton key={index} layout={layout} />
        ))}
      </Results>
    );
  } else if (isError && !data) {
    body = <ErrorPanel title={t('listing.error')} message={title} actionLabel={t('listing.retry')} onAction={() => void refetch()} />;
  } else if ((!data || data.data.length === 0) && mine) {
    body = (
      <EmptyState
        title={t('listing.mineEmpty')}
        message={t('listing.mineEmptyHint')}
        action={<Button onClick={() => update({ mine: undefined })}>{t('listing.mineAll')}</Button>}
      />
    );
  } else if (!data || data.data.length === 0) {
    body = filtered ? (
      <EmptyState title={t('listing.empty')} message={t('listing.emptyHint')} action={<Button onClick={clearFilters}>{t('listing.clearFilters')}</Button>} />
    ) : (
      <EmptyState
        title={t('listing.emptyNone')}
        action={
          kind === 'upcoming' || kind === 'schedule' ? (
            <ButtonLink href="/">
              {t('home.allSchools')}
            </ButtonLink>
          ) : (
            <ButtonLink href="/upcoming">
              {t('nav.upcoming')}
            </ButtonLink>
          )
        }
      />
    );
  } else if (view === 'table') {
    body = <EventTable events={data.data} catalog={catalog} />;
  } else {
    body = (
      <Results $layout={layout} aria-busy={isFetching || undefined}>
        {data.data.map((event, index) => (
          <li key={event.id}>
            <EventTile event={event} catalog={catalog} currency={settings?.currency ?? 'USD'} layout={layout} headingLevel={2} priority={index < 2} />
          </li>
        ))}
      </Results>
    );
  }

  return (
    <Page width="full" gap="lg">
      {/* Inside another page (a channel page, spec §2) the listing is a section: that page keeps its title and h1. */}
      {!embedded && <title>{channelName ? t('pageTitle', { title, channel: channelName }) : title}</title>}
      <Heading>
        {embedded ? <h2>{title}</h2> : <h1>{title}</h1>}
        {/* Mounted from the start (a live region announces what appears in it), one line held before the count is known. */}
        <Count aria-live="polite">{data ? t('listing.count', { count: total }) : '\u00a0'}</Count>
      </Heading>
      {headed.map((subject) => (
        <SubjectHeading key={subject.kind}>
          <Crest name={subject.name} src={subject.crest} color={subject.color} decorative size="2.5rem" />
          {embedded ? <h3>{subject.name}</h3> : <h2>{subject.name}</h2>}
          <FollowSlot kind={subject.kind} id={subject.id} name={subject.name} />
        </SubjectHeading>
      ))}
      {day && <DayStrip day={day} first={first} onChange={(next) => update({ date: next })} />}
      <FilterBar
        values={values}
        properties={properties}
        categories={catalog.categories}
        locations={locations}
        describe={describe}
        onChange={(key: FilterKey | LinkKey, value) => update({ [key]: value })}
        onClear={clearFilters}
        loading={propertiesLoading}
        follow={namesSubjects ? {} : subjects}
        {...(loggedIn ? { mine: { active: mine, onChange: (active: boolean) => update({ mine: active ? '1' : undefined }) } } : {})}
      />
      <Toggles>
        <SegmentedControl
          label={t('listing.layout')}
          options={[
            { value: 'grid', label: t('listing.grid') },
            { value: 'list', label: t('listing.list') },
          ]}
          value={layout}
          onChange={(next) => update({ layout: next === 'grid' ? undefined : next }, true)}
        />
        <SegmentedControl
          label={t('listing.view')}
          options={[
            { value: 'card', label: t('listing.cards') },
            { value: 'table', label: t('listing.table') },
          ]}
          value={view}
          onChange={(next) => update({ view: next === 'card' ? undefined : next }, true)}
        />
      </Toggles>
      {body}
      {data && data.data.length > 0 && (
        <Pagination
          page={Math.min(page, pageCount)}
          pageCount={pageCount}
          onPageChange={(next) => {
            update({ page: next === 1 ? undefined : String(next) }, true);
            window.scrollTo?.({ top: 0 });
          }}
          label={t('listing.pages')}
          previousLabel={t('listing.previousPage')}
          nextLabel={t('listing.nextPage')}
          pageLabel={(n) => t('listing.page', { page: n })}
        />
      )}
    </Page>
  );
}

export function LiveView() {
  return <EventsListing kind="live" />;
}
export function UpcomingView() {
  return <EventsListing kind="upcoming" />;
}
export function ScheduleView({ embedded = false }: { embedded?: boolean }) {
  return <EventsListing kind="schedule" embedded={embedded} />;
}
export function VodView() {
  return <EventsListing kind="vod" />;
}

/** On a phone the count has a line of its own, so a long title and its count never wrap once the count arrives. */
const Heading = styled.div`
  display: grid;
  gap: var(--gs-space-xxs);

  ${({ theme }) => theme.media.md} {
    display: flex;
    align-items: baseline;
    gap: var(--gs-space-md);
  }

  h1,
  h2 {
    margin: 0;
    font-size: var(--gs-font-size-xxl);
  }
`;

/** What the listing is narrowed to (a team, a school, a sport), with its follow control. */
const SubjectHeading = styled.div`
  display: flex;
  align-items: center;
  gap: var(--gs-space-sm);

  h2,
  h3 {
    margin: 0;
    font-size: var(--gs-font-size-lg);
  }
`;

const Count = styled.p`
  margin: 0;
  color: var(--gs-muted-text);
`;

const Toggles = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-md);
`;

/**
 * spec §9: cards 280 to 380 px wide. A card off screen is not laid out or painted until it comes
 * near the viewport, and its picture is not asked for before then: a page of cards on a phone costs
 * the first screen's, and the first screen's pictures have the connection to themselves. Until it
 * is laid out a card keeps about a card's height (its own, once it has been shown). Containment
 * clips what is painted outside the item: the clip margin keeps the card's focus ring and shadow whole.
 */
const Results = styled.ul<{ $layout: 'grid' | 'list' }>`
  display: grid;
  grid-template-columns: ${({ $layout }) => ($layout === 'list' ? '1fr' : 'repeat(auto-fill, minmax(280px, 380px))')};
  gap: var(--gs-space-md);
  margin: 0;
  padding: 0;
  list-style: none;

  & > li {
    display: grid;
    content-visibility: auto;
    contain-intrinsic-block-size: auto ${({ $layout }) => ($layout === 'list' ? '9rem' : '24rem')};
    overflow-clip-margin: var(--gs-space-md);
  }
`;
