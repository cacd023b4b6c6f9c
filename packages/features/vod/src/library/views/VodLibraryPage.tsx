import { VOD_RAIL_INTERVAL_MS } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { EmptyState, ErrorPanel, Loader, Page, PageTitle, Rail, Select } from '@grandstand/ui';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { parsePage, parseVodId } from '../../paths.ts';
import { useGetVodMediaCategoriesQuery, useGetVodMediaItemsQuery, useGetVodRailsQuery } from '../../vodApi.ts';
import { VodCard } from '../components/VodCard.tsx';
import { VodGrid } from '../components/VodGrid.tsx';
import { VodItemView } from '../components/VodItemView.tsx';

/** Items per page of the library's list. */
export const LIBRARY_PAGE_SIZE = 24;

/**
 * spec §2 `/vod_library`: the on-demand library: the channel's rails (stepping every 5000 ms,
 * spec §9), then every item, newest first, a page at a time, by category. With `?vod_id=N` the
 * item's player (or access panel) shows above it. Category and page live in the URL.
 */
export function VodLibraryPage() {
  const { t } = useTranslation('vodLibrary');
  const [params] = useSearchParams();
  const itemId = parseVodId(params.get('vod_id'));
  return (
    <Page width="full" gap="xl">
      <title>{t('title')}</title>
      {itemId !== null ? <VodItemView key={itemId} itemId={itemId} /> : <PageTitle>{t('title')}</PageTitle>}
      <Rails />
      <Library />
    </Page>
  );
}

function Rails() {
  const { t } = useTranslation('vodLibrary');
  const { data: rails, isLoading } = useGetVodRailsQuery();
  if (isLoading) return <Loader label={t('rails.loading')} />;
  // A failed or empty rails call leaves the list below as the library: nothing to say here.
  return (
    <>
      {(rails ?? [])
        .filter((rail) => rail.vod_media_items.length > 0)
        .map((rail) => (
          <Rail key={rail.id} title={rail.title} intervalMs={VOD_RAIL_INTERVAL_MS} previousLabel={t('rails.previous')} nextLabel={t('rails.next')}>
            {rail.vod_media_items.map((item) => (
              <VodCard key={item.id} item={item} />
            ))}
          </Rail>
        ))}
    </>
  );
}

function Library() {
  const { t } = useTranslation('vodLibrary');
  const [params, setParams] = useSearchParams();
  const { data: categories = [], isLoading: categoriesLoading } = useGetVodMediaCategoriesQuery();
  const categoryAlias = params.get('category');
  const category = categories.find((candidate) => candidate.alias === categoryAlias) ?? null;
  const page = parsePage(params.get('page'));
  const args = { offset: (page - 1) * LIBRARY_PAGE_SIZE, limit: LIBRARY_PAGE_SIZE, ...(category ? { category_id: category.id } : {}) };
  // A category named in the URL waits for the categories, so the whole library is not asked for first.
  const waiting = categoryAlias !== null && categoriesLoading;
  const { data, error, isFetching, refetch } = useGetVodMediaItemsQuery(args, { skip: waiting });

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { preventScrollReset: true },
    );

  const pageCount = data ? Math.max(1, Math.ceil(data.meta.total / LIBRARY_PAGE_SIZE)) : 1;
  // A page past the end (an old link, items removed since) goes to the last page there is.
  const pastEnd = data !== undefined && data.data.length === 0 && data.meta.total > 0 && page > pageCount;
  useEffect(() => {
    if (pastEnd) setParams((current) => withPage(current, pageCount), { replace: true, preventScrollReset: true });
  }, [pastEnd, pageCount, setParams]);
  let content;
  if (!data && error) {
    content = <ErrorPanel title={t('list.loadFailed')} message={t('list.emptyMessage')} actionLabel={t('list.retry')} onAction={() => void refetch()} />;
  } else if (!data || pastEnd) {
    content = <Loader label={t('list.loading')} />;
  } else if (data.data.length === 0) {
    content = category ? (
      <EmptyState title={t('list.emptyCategoryTitle')} message={t('list.emptyCategoryMessage')} headingLevel={3} />
    ) : (
      <EmptyState title={t('list.emptyTitle')} message={t('list.emptyMessage')} headingLevel={3} />
    );
  } else {
    content = (
      <VodGrid
        items={data.data}
        page={page}
        pageCount={pageCount}
        onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
        labels={{ pages: t('list.pages'), previous: t('list.previous'), next: t('list.next'), page: (number) => t('list.page', { page: number }) }}
        label={t('list.label')}
        busy={isFetching}
      />
    );
  }

  return (
    <Section aria-labelledby="vod-library-list">
      <Header>
        <h2 id="vod-library-list">{t('list.title')}</h2>
        {categories.length > 0 && (
          <Filter>
            <Select
              label={t('list.category')}
              value={category?.alias ?? ''}
              onChange={(event) => update({ category: event.target.value || null, page: null })}
              options={[{ value: '', label: t('list.allCategories') }, ...categories.map((option) => ({ value: option.alias, label: option.name }))]}
            />
          </Filter>
        )}
      </Header>
      {content}
    </Section>
  );
}

/** The address with the list at `page` (the first page is the address without one). */
function withPage(current: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(current);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

const Section = styled.section`
  display: grid;
  gap: var(--gs-space-md);
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  justify-content: space-between;
  gap: var(--gs-space-md);

  h2 {
    margin: 0;
  }
`;

const Filter = styled.div`
  min-width: 14rem;
`;

/** spec §9: cards 280–380 px wide: as many columns of at least 280 px as fit. */
