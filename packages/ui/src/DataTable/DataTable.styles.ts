import styled, { css } from 'styled-components';

/** `compact` for the control room's lists and figures; `comfortable` for a short table read line by line. */
export type DataTableDensity = 'compact' | 'comfortable';

/**
 * A table that does not fit scrolls sideways in its frame rather than squeezing its columns; paper
 * does not scroll, so a printed page shows the whole table.
 */
export const TableFrame = styled.div`
  overflow-x: auto;
  max-width: 100%;

  @media print {
    overflow: visible;
  }
`;

/**
 * A figure among words (an amount in a list of orders): at the cell's end, on one line. The doubled
 * class outweighs the table's start alignment of every cell.
 */
export const NumericCell = styled.td`
  && {
    text-align: end;
    white-space: nowrap;
  }
`;

const PADDING: Record<DataTableDensity, string> = {
  compact: 'var(--gs-space-xxs) var(--gs-space-xs)',
  comfortable: 'var(--gs-space-xs) var(--gs-space-sm)',
};

// Every column but the first holds a figure: figures line up at the end, on one line; the first
// column names the row and may wrap, at a width that keeps a name readable.
const numericColumns = css`
  th,
  td {
    text-align: end;
    white-space: nowrap;
  }

  th:first-child {
    text-align: start;
    white-space: normal;
    overflow-wrap: break-word;
    min-width: 9rem;
  }

  thead th {
    white-space: normal;
  }
`;

// A footer is the totals row: bold, under a rule in the channel's colour.
export const TableRoot = styled.table<{ $minWidth: string | undefined; $numeric: boolean; $density: DataTableDensity }>`
  border-collapse: collapse;
  width: 100%;
  ${({ $minWidth }) => $minWidth && `min-width: ${$minWidth};`}
  font-size: var(--gs-font-size-sm);

  caption {
    text-align: start;
    font-weight: var(--gs-font-weight-bold);
    padding-bottom: var(--gs-space-xs);
  }

  th,
  td {
    padding: ${({ $density }) => PADDING[$density]};
    border-bottom: 1px solid var(--gs-border);
    text-align: start;
    vertical-align: top;
  }

  ${({ $numeric }) => $numeric && numericColumns}

  tfoot th,
  tfoot td {
    font-weight: var(--gs-font-weight-bold);
    border-top: 2px solid var(--gs-primary-color);
  }
`;
