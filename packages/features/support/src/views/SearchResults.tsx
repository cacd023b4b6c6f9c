import { useTranslation } from '@grandstand/i18n';
import { Button, DataTable, EmptyState, ErrorPanel, Loader, Pagination } from '@grandstand/ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSupportErrorText } from '../errors.ts';

/** A page of a search's answer, as the support calls give it. */
export interface ResultsPage {
  total: number;
  page: number;
  pageSize: number;
}

export interface SearchResultsProps {
  /** The search's query (RTK Query's state): its page, its error, whether it is asking again. */
  query: { data?: ResultsPage; error?: unknown; isFetching: boolean; refetch: () => unknown };
  /** The rows on this page. */
  rows: number;
  /** The search's texts: `<section>.error`, `.empty`, `.emptyHint` and `.results` (with the count). */
  section: 'orders' | 'viewers';
  /** The columns' headings. */
  columns: readonly string[];
  /** The table's rows. */
  children: ReactNode;
}

/**
 * A support search's answer: its error with a retry, the loader, the empty state, or the table of
 * what was found with its pages below (the page number kept in the address, as the search is).
 */
export function SearchResults({ query, rows, section, columns, children }: SearchResultsProps) {
  const { t } = useTranslation('support');
  const errorText = useSupportErrorText();
  const [search, setSearch] = useSearchParams();
  const { data, error, isFetching, refetch } = query;
  if (error) return <ErrorPanel title={t(`${section}.error`)} message={errorText(error)} actionLabel={t('retry')} onAction={() => void refetch()} />;
  if (!data) return <Loader label={t('loading')} />;
  if (rows === 0) return <EmptyState title={t(`${section}.empty`)} message={t(`${section}.emptyHint`)} />;
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <DataTable aria-busy={isFetching}>
        <caption>{t(`${section}.results`, { count: data.total })}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </DataTable>
      {pageCount > 1 && (
        <Pagination
          page={data.page}
          pageCount={pageCount}
          label={t('pages')}
          previousLabel={t('previous')}
          nextLabel={t('next')}
          pageLabel={(page) => t('page', { page })}
          onPageChange={(page) => {
            const next = new URLSearchParams(search);
            next.set('page', String(page));
            setSearch(next);
          }}
        />
      )}
    </>
  );
}

/** A row's first cell: the button that opens what the row names. */
export function OpenCell({ label, onOpen, children }: { label: string; onOpen: () => void; children: ReactNode }) {
  return (
    <th scope="row">
      <Button variant="secondary" size="sm" onClick={onOpen} aria-label={label}>
        {children}
      </Button>
    </th>
  );
}
