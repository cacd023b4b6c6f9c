import { VOD_SEARCH_DEFAULT_LIMIT, type SearchTarget } from '@grandstand/contract';
import { formatEventDateTime, useTranslation } from '@grandstand/i18n';
import { Button, EmptyState, ErrorPanel, Link, Loader, Page, PageTitle, SegmentedControl, Text, TextField } from '@grandstand/ui';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { VodGrid } from '../../library/components/VodGrid.tsx';
import { eventTitle } from '../../library/display.ts';
import { parsePage, VOD_PATHS } from '../../paths.ts';
import { useSearchVodQuery } from '../../vodApi.ts';

type Sort = 'date' | 'relevance';

/**
 * `/search?q=`: the full results of one search, grouped by kind: the videos a page at a time (spec §5
 * defaults: 10 a page, newest first, or best match first), then the games, teams and schools. The
 * words, the page and the order live in the URL, so a result page can be shared and reloaded.
 * Without words the call answers the newest videos (spec §5 defaults), shown under the prompt so the
 * page is never empty.
 */
export function SearchPage() {
  const { t } = useTranslation('vodLibrary');
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, 100);
  const page = parsePage(params.get('page'));
  const sort: Sort = params.get('sort') === 'relevance' ? 'relevance' : 'date';
  const [draft, setDraft] = useState(query);
  const [shown, setShown] = useState(query);
  // The box follows the URL when it changes elsewhere (the header's search, back and forward).
  if (shown !== query) {
    setShown(query);
    setDraft(query);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const words = draft.trim();
    if (words) setParams(new URLSearchParams({ q: words, ...(sort === 'relevance' ? { sort } : {}) }));
  };
  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  return (
    <Page width="full" gap="lg">
      <title>{query ? t('search.titleFor', { query }) : t('search.title')}</title>
      <PageTitle>{query ? t('search.titleFor', { query }) : t('search.title')}</PageTitle>
      <Form role="search" aria-label={t('search.form')} onSubmit={onSubmit}>
        <TextField label={t('search.label')} type="search" name="q" maxLength={100} value={draft} onChange={(event) => setDraft(event.target.value)} />
        <Button type="submit">{t('search.submit')}</Button>
      </Form>
      {!query && <Text>{t('search.prompt')}</Text>}
      <Results
        key={query}
        query={query}
        page={page}
        sort={query ? sort : 'date'}
        onPage={(next) => update({ page: next > 1 ? String(next) : null })}
        onSort={(next) => update({ sort: next === 'date' ? null : next, page: null })}
      />
    </Page>
  );
}

interface ResultsProps {
  query: string;
  page: number;
  sort: Sort;
  onPage: (page: number) => void;
  onSort: (sort: Sort) => void;
}

function Results({ query, page, sort, onPage, onSort }: ResultsProps) {
  const { t, i18n } = useTranslation(['vodLibrary', 'common']);
  const limit = VOD_SEARCH_DEFAULT_LIMIT;
  const { data, error, isFetching, refetch } = useSearchVodQuery({ title: query, offset: (page - 1) * limit, limit, sort_field: sort });

  if (!data && error) {
    return <ErrorPanel title={t('vodLibrary:search.failed')} message={t('vodLibrary:search.noneMessage')} actionLabel={t('vodLibrary:search.retry')} onAction={() => void refetch()} />;
  }
  if (!data) return <Loader label={t('vodLibrary:search.loading')} />;

  const { videos, events, teams, schools } = data.data;
  const nothing = data.meta.total === 0 && videos.length === 0 && events.length === 0 && teams.length === 0 && schools.length === 0;
  // Without words an empty library has nothing to show under the prompt.
  if (nothing && !query) return null;
  if (nothing) {
    return <EmptyState title={t('vodLibrary:search.noneTitle')} message={t('vodLibrary:search.noneMessage')} />;
  }
  const pageCount = Math.max(1, Math.ceil(data.meta.total / limit));
  const matchup = (away: string, home: string) => t('common:matchup', { away, home });

  return (
    <Groups aria-busy={isFetching || undefined}>
      {data.meta.total > 0 && (
        <Group aria-labelledby="search-videos">
          <GroupHeader>
            <h2 id="search-videos">
              {t(query ? 'vodLibrary:search.groups.videos' : 'vodLibrary:search.groups.newest')} <Count>({data.meta.total})</Count>
            </h2>
            {query && (
              <SegmentedControl<Sort>
                label={t('vodLibrary:search.sort')}
                options={[
                  { value: 'date', label: t('vodLibrary:search.sortDate') },
                  { value: 'relevance', label: t('vodLibrary:search.sortRelevance') },
                ]}
                value={sort}
                onChange={onSort}
              />
            )}
          </GroupHeader>
          <VodGrid
            items={videos}
            page={page}
            pageCount={pageCount}
            onPageChange={onPage}
            labels={{
              pages: t('vodLibrary:search.pages'),
              previous: t('vodLibrary:search.previous'),
              next: t('vodLibrary:search.next'),
              page: (number) => t('vodLibrary:search.page', { page: number }),
            }}
          />
        </Group>
      )}
      {events.length > 0 && (
        <Group aria-labelledby="search-events">
          <h2 id="search-events">{t('vodLibrary:search.groups.events')}</h2>
          <Links>
            {events.map((event) => (
              <li key={event.id}>
                <Link href={VOD_PATHS.event(event.id)}>{eventTitle(event, matchup)}</Link>{' '}
                <Muted>{formatEventDateTime(event.event_utc_ts, event.time_zone, i18n.language).full}</Muted>
              </li>
            ))}
          </Links>
        </Group>
      )}
      <Targets id="search-teams" title={t('vodLibrary:search.groups.teams')} targets={teams} href={VOD_PATHS.team} />
      <Targets id="search-schools" title={t('vodLibrary:search.groups.schools')} targets={schools} href={VOD_PATHS.school} />
    </Groups>
  );
}

function Targets({ id, title, targets, href }: { id: string; title: string; targets: SearchTarget[]; href: (target: SearchTarget) => string }) {
  if (targets.length === 0) return null;
  return (
    <Group aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Links>
        {targets.map((target) => (
          <li key={target.id}>
            <TargetLink href={href(target)}>
              <img src={target.crest} alt="" width={32} height={32} loading="lazy" />
              {target.name}
            </TargetLink>
          </li>
        ))}
      </Links>
    </Group>
  );
}

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: var(--gs-space-sm);

  & > :first-child {
    flex: 1 1 16rem;
  }
`;

const Groups = styled.div`
  display: grid;
  gap: var(--gs-space-xl);
`;

const Group = styled.section`
  display: grid;
  gap: var(--gs-space-md);

  h2 {
    margin: 0;
  }
`;

const GroupHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--gs-space-sm);
`;

const Count = styled.span`
  color: var(--gs-muted-text);
  font-weight: 400;
`;

/** spec §9: cards 280–380 px wide. */
const Links = styled.ul`
  display: grid;
  gap: var(--gs-space-sm);
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    color: var(--gs-link);
  }
`;

const Muted = styled.span`
  color: var(--gs-muted-text);
  font-size: var(--gs-font-size-sm);
`;

const TargetLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: var(--gs-space-sm);
`;
