import { pageItems } from './pages.ts';
import { PageButton, PageGap, PaginationList, PaginationRoot } from './Pagination.styles.ts';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** The navigation landmark's name ("Pages"). */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** The accessible name of a page button ("Page 3"); the number alone shows. */
  pageLabel: (page: number) => string;
}

/**
 * Page numbers with previous and next. The current page carries aria-current="page"; previous and
 * next are disabled at the ends. Nothing shows when everything fits on one page.
 */
export function Pagination({ page, pageCount, onPageChange, label, previousLabel, nextLabel, pageLabel }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <PaginationRoot aria-label={label}>
      <PaginationList>
        <li>
          <PageButton type="button" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <span aria-hidden="true">‹ </span>
            {previousLabel}
          </PageButton>
        </li>
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              <PageGap>…</PageGap>
            </li>
          ) : (
            <li key={item}>
              <PageButton
                type="button"
                aria-label={pageLabel(item)}
                aria-current={item === page ? 'page' : undefined}
                $current={item === page}
                onClick={() => onPageChange(item)}
              >
                {item}
              </PageButton>
            </li>
          ),
        )}
        <li>
          <PageButton type="button" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
            {nextLabel}
            <span aria-hidden="true"> ›</span>
          </PageButton>
        </li>
      </PaginationList>
    </PaginationRoot>
  );
}
