import type { EventsQuery, StreamStatus } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { channelApi } from '@grandstand/store';
import { Button, ButtonLink, EmptyState, ErrorPanel, EventCardSkeleton, Page, Pagination, SegmentedControl } from '@grandstand/ui';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { DayStrip } from '../components/DayStrip.tsx';
import { EventTable } from '../components/EventTable.tsx';
import { EventTile } from '../components/EventTile.tsx';
import { FILTER_KEYS, FilterBar, LINK_KEYS } from '../components/FilterBar.tsx';
import type { FilterKey, FilterValues, LinkKey } from '../components/FilterBar.tsx';
import { isIsoDay, today } from '../days.ts';
import { useGetEventsQuery } from '../eventsApi.ts';
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
    // A gender the contract does not know would be a 400: it is left out instead.
    gender: GENDERS.find((gender) => gender === values.gender),
    ...(day ? { start_date: day, end_date: day } : {}),
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const { data, isFetching, isLoading, isError, refetch } = useGetEventsQuery(query);

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
            <EventTile event={event} catalog={catalog} layout={layout} headingLevel={2} priority={index < 2} />
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
      {day && <DayStrip day={day} first={first} onChange={(next) => update({ date: next })} />}
      <FilterBar
        values={values}
        properties={properties}
        categories={catalog.categories}
        describe={describe}
        onChange={(key: FilterKey | LinkKey, value) => update({ [key]: value })}
        onClear={clearFilters}
        loading={propertiesLoading}
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
  gap: ${({ theme }) => theme.space.xxs};

  ${({ theme }) => theme.media.md} {
    display: flex;
    align-items: baseline;
    gap: ${({ theme }) => theme.space.md};
  }

  h1,
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.sizes.xxl};
  }
`;

const Count = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Toggles = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`;

/** spec §9: cards 280 to 380 px wide. */
const Results = styled.ul<{ $layout: 'grid' | 'list' }>`
  display: grid;
  grid-template-columns: ${({ $layout }) => ($layout === 'list' ? '1fr' : 'repeat(auto-fill, minmax(280px, 380px))')};
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  & > li {
    display: grid;
  }
`;
