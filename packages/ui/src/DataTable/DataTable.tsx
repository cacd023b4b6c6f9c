import type { ComponentPropsWithRef, ReactNode } from 'react';
import { TableFrame, TableRoot, type DataTableDensity } from './DataTable.styles.ts';

export { NumericCell } from './DataTable.styles.ts';

export interface DataTableProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The table's rows: its `caption` (its name, shown above it), `thead`, `tbody` and a `tfoot` of totals. */
  children: ReactNode;
  /**
   * The width under which the table stops shrinking and its frame scrolls sideways (`40rem` for six
   * columns of money); none by default, so the table is as wide as its frame.
   */
  minWidth?: string;
  /**
   * A table of figures: every column but the first (the rows' names) ends at the cell's end, on one
   * line. For a figure among words, a `NumericCell` in place of its `td`.
   */
  numeric?: boolean;
  /** The cells' padding: `compact` by default. */
  density?: DataTableDensity;
}

/**
 * A table of the control room (orders, a statement, an import's errors) in its scroll frame. The
 * other props go to the frame: give it `tabIndex={0}`, `role="region"` and the caption's text as
 * `aria-label` when it may scroll, so a keyboard scrolls it too; `aria-busy` while it refreshes.
 *
 * @example
 * <DataTable minWidth="40rem" numeric tabIndex={0} role="region" aria-label="By school">
 *   <caption>By school</caption>
 *   <thead>…</thead>
 *   <tbody>…</tbody>
 * </DataTable>
 */
export function DataTable({ minWidth, numeric = false, density = 'compact', children, ...frame }: DataTableProps) {
  return (
    <TableFrame {...frame}>
      <TableRoot $minWidth={minWidth} $numeric={numeric} $density={density}>
        {children}
      </TableRoot>
    </TableFrame>
  );
}
