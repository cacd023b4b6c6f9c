import type { Event, EventsQuery, Slide } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { channelApi } from '@grandstand/store';
import { ButtonLink, Link, Loader, Page, Rail, visuallyHidden } from '@grandstand/ui';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { EventTile } from '../components/EventTile.tsx';
import { useGetEventsForHomepageQuery, useGetEventsQuery } from '../eventsApi.ts';
import { schoolPath, slideHref, sportSchedulePath, teamSchedulePath } from '../links.ts';
import type { SlideTargets } from '../links.ts';
import type { Catalog } from '../useCatalog.ts';
import { findGroup, useCatalog } from '../useCatalog.ts';

/** How many events a home rail holds. */
export const RAIL_SIZE = 12;

function SlideItem({ slide, targets }: { slide: Slide; targets: SlideTargets }) {
  const target = slideHref(slide, targets);
  const content = (
    <>
      <strong>{slide.title}</strong>
      {slide.subtitle && <span>{slide.subtitle}</span>}
    </>
  );
  return (
    <SlideCard style={slide.image ? { backgroundImage: `url(${JSON.stringify(slide.image)})` } : undefined} $image={Boolean(slide.image)}>
      {!target ? content : target.external ? <a href={target.href}>{content}</a> : <Link href={target.href}>{content}</Link>}
    </SlideCard>
  );
}

interface EventRailProps {
  title: string;
  query: EventsQuery;
  seeAll: string;
  catalog: Catalog;
}

/** A rail of one listing; it hides when empty (nothing to show, nothing said). */
function EventRail({ title, query, seeAll, catalog }: EventRailProps) {
  const { t } = useTranslation('events');
  const { data } = useGetEventsQuery({ ...query, limit: RAIL_SIZE });
  if (!data || data.data.length === 0) return null;
  return (
    <Rail
      title={title}
      previousLabel={t('rail.previous')}
      nextLabel={t('rail.next')}
      action={
        <ButtonLink href={seeAll} variant="ghost" size="sm">
          <span aria-hidden="true">{t('home.seeAll')}</span>
          <Hidden>{t('home.seeAllOf', { title })}</Hidden>
        </ButtonLink>
      }
    >
      {data.data.map((event) => (
        <EventTile key={event.id} event={event} catalog={catalog} />
      ))}
    </Rail>
  );
}

function HighlightsRail({ events, catalog }: { events: readonly Event[]; catalog: Catalog }) {
  const { t } = useTranslation('events');
  if (events.length === 0) return null;
  return (
    <Rail title={t('home.highlights')} previousLabel={t('rail.previous')} nextLabel={t('rail.next')}>
      {events.map((event) => (
        <EventTile key={event.id} event={event} catalog={catalog} />
      ))}
    </Rail>
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
  const { data: slides = [] } = channelApi.useGetSlidesQuery(undefined);
  const schoolKey = params.get('school');
  const school = findGroup(catalog.groups, schoolKey);
  // A school named in the URL is known only once the schools are in: no whole-home flash before.
  const waiting = Boolean(schoolKey) && !catalog.groupsSettled;
  const { data: highlights = [] } = useGetEventsForHomepageQuery(undefined, { skip: Boolean(school) || waiting });
  const channelName = settings?.name ?? '';

  if (waiting) return <Loader label={t('home.loading')} />;

  if (school) {
    const key = school.alias ?? school.name;
    const teams = catalog.teams.filter((team) => team.participant_group_id === school.id);
    const scoped = (path: string) => `${path}?${new URLSearchParams({ school: key })}`;
    return (
      <Home>
        <title>{channelName ? t('pageTitle', { title: school.name, channel: channelName }) : school.name}</title>
        <h1>{school.name}</h1>
        <Link href="/">{t('home.allSchools')}</Link>
        <EventRail title={t('nav.live')} query={{ stream_status: 'live', school: key }} seeAll={scoped('/live')} catalog={catalog} />
        <EventRail title={t('nav.upcoming')} query={{ stream_status: 'upcoming', school: key }} seeAll={scoped('/upcoming')} catalog={catalog} />
        <EventRail title={t('nav.vod')} query={{ stream_status: 'finished', school: key }} seeAll={scoped('/vod')} catalog={catalog} />
        <section aria-labelledby="teams-heading">
          <h2 id="teams-heading">{t('home.teams')}</h2>
          {teams.length === 0 ? (
            <p>{t('home.noTeams')}</p>
          ) : (
            <List>
              {teams.map((team) => (
                <li key={team.id}>
                  <Swatch aria-hidden="true" style={team.color && /^#[0-9a-f]{3,6}$/i.test(team.color) ? { background: team.color } : undefined} />
                  <Link href={teamSchedulePath(team)}>{team.name}</Link>
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
      <h1>{channelName}</h1>
      {slides.length > 0 && (
        <Rail title={t('home.featured')} previousLabel={t('rail.previous')} nextLabel={t('rail.next')}>
          {slides.map((slide) => (
            <SlideItem key={slide.id} slide={slide} targets={catalog} />
          ))}
        </Rail>
      )}
      <HighlightsRail events={highlights} catalog={catalog} />
      <EventRail title={t('nav.live')} query={{ stream_status: 'live' }} seeAll="/live" catalog={catalog} />
      <EventRail title={t('nav.upcoming')} query={{ stream_status: 'upcoming' }} seeAll="/upcoming" catalog={catalog} />
      <EventRail title={t('nav.vod')} query={{ stream_status: 'finished' }} seeAll="/vod" catalog={catalog} />
      {catalog.groups.length > 0 && (
        <section aria-labelledby="schools-heading">
          <h2 id="schools-heading">{t('home.schools')}</h2>
          <List>
            {catalog.groups.map((group) => (
              <li key={group.id}>
                <Link href={schoolPath(group)}>{group.name}</Link>
              </li>
            ))}
          </List>
        </section>
      )}
      {catalog.categories.length > 0 && (
        <section aria-labelledby="sports-heading">
          <h2 id="sports-heading">{t('home.sports')}</h2>
          <List>
            {catalog.categories.map((category) => (
              <Category key={category.id}>
                <Link href={sportSchedulePath(category)}>{category.name}</Link>
                {category.children.length > 0 && (
                  <Sub>
                    {category.children.map((child) => (
                      <Link key={child.id} href={sportSchedulePath(child)}>
                        {child.name}
                      </Link>
                    ))}
                  </Sub>
                )}
              </Category>
            ))}
          </List>
        </section>
      )}
    </Home>
  );
}

const Home = styled(Page).attrs({ width: 'full', gap: 'xl' })`
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.sizes.xxl};
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.font.sizes.lg};
  }
  & > a {
    justify-self: start;
    color: ${({ theme }) => theme.colors.link};
  }
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

const SlideCard = styled.div<{ $image: boolean }>`
  display: grid;
  min-height: 160px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.secondaryColor} center / cover no-repeat;
  color: ${({ theme }) => theme.colors.secondaryContrast};
  overflow: hidden;

  & > a,
  & > strong {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
    align-content: end;
    padding: ${({ theme }) => theme.space.lg};
    color: inherit;
    text-decoration: none;
    /* A picture behind the text: a dark veil keeps the text readable. */
    background: ${({ $image }) => ($image ? 'linear-gradient(transparent, rgba(0, 0, 0, 0.7))' : 'none')};
    ${({ $image }) => ($image ? 'color: #fff;' : '')}
  }
`;

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.surfaceText};
  }
  a {
    color: ${({ theme }) => theme.colors.link};
    font-weight: ${({ theme }) => theme.font.weights.medium};
  }
`;

const Category = styled.li`
  && {
    flex-direction: column;
    align-items: flex-start;
    justify-content: center;
    gap: ${({ theme }) => theme.space.xxs};
  }
`;

const Sub = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;

const Swatch = styled.span`
  width: 0.875rem;
  height: 0.875rem;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
`;
