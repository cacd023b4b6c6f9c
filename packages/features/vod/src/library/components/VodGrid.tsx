import type { VodMediaItem } from '@grandstand/contract';
import { Pagination } from '@grandstand/ui';
import styled from 'styled-components';
import { VodCard } from './VodCard.tsx';

export interface VodGridLabels {
  /** The pagination's name. */
  pages: string;
  previous: string;
  next: string;
  page: (page: number) => string;
}

export interface VodGridProps {
  items: readonly VodMediaItem[];
  /** The page shown (one-based); past the last, the last is marked current. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  labels: VodGridLabels;
  /** The grid's name, for a screen reader. */
  label?: string;
  /** The next page is being fetched. */
  busy?: boolean;
}

/** A page of on-demand items as cards in a grid, with the pagination under it when there is more than one page: the library's list and the search's videos. */
export function VodGrid({ items, page, pageCount, onPageChange, labels, label, busy = false }: VodGridProps) {
  return (
    <>
      <Grid aria-label={label} aria-busy={busy || undefined}>
        {items.map((item) => (
          <li key={item.id}>
            <VodCard item={item} fluid />
          </li>
        ))}
      </Grid>
      {pageCount > 1 && (
        <Pagination
          page={Math.min(page, pageCount)}
          pageCount={pageCount}
          onPageChange={onPageChange}
          label={labels.pages}
          previousLabel={labels.previous}
          nextLabel={labels.next}
          pageLabel={labels.page}
        />
      )}
    </>
  );
}

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 380px));
  gap: var(--gs-space-md);
  margin: 0;
  padding: 0;
  list-style: none;
`;
