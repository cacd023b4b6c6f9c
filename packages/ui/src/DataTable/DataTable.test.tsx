import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { DataTable, NumericCell, type DataTableProps } from './DataTable.tsx';

function Amounts({ caption, rows, ...props }: Omit<DataTableProps, 'children'> & { caption: string; rows: ReactNode }) {
  return (
    <DataTable {...props}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>{rows}</tbody>
    </DataTable>
  );
}

describe('DataTable', () => {
  it('is a named table in a frame that scrolls sideways, its amounts at the end of their cells', async () => {
    const { container } = renderThemed(
      <Amounts
        caption="2 orders"
        aria-busy="true"
        rows={['sam@example.com', 'alex@example.com'].map((email) => (
          <tr key={email}>
            <td>{email}</td>
            <NumericCell>$40.00 for {email}</NumericCell>
          </tr>
        ))}
      />,
    );
    const table = screen.getByRole('table', { name: '2 orders' });
    expect(table.parentElement).toHaveStyle({ overflowX: 'auto' });
    expect(table.parentElement).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('cell', { name: 'sam@example.com' })).toHaveStyle({ textAlign: 'start' });
    expect(screen.getByRole('cell', { name: '$40.00 for sam@example.com' })).toHaveStyle({ textAlign: 'end', whiteSpace: 'nowrap' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('keeps a least width and ends every figure of a table of figures', async () => {
    const { container } = renderThemed(
      <Amounts
        caption="By school"
        minWidth="40rem"
        numeric
        tabIndex={0}
        role="region"
        aria-label="By school"
        rows={
          <tr>
            <th scope="row">Northfield</th>
            <td>$1,500.00</td>
          </tr>
        }
      />,
    );
    expect(screen.getByRole('region', { name: 'By school' })).toHaveAttribute('tabindex', '0');
    // jsdom computes rem at 16px.
    expect(screen.getByRole('table', { name: 'By school' })).toHaveStyle({ minWidth: '640px' });
    expect(screen.getByRole('cell', { name: '$1,500.00' })).toHaveStyle({ textAlign: 'end', whiteSpace: 'nowrap' });
    expect(screen.getByRole('rowheader', { name: 'Northfield' })).toHaveStyle({ textAlign: 'start' });
    expect(await axe(container)).toHaveNoViolations();
  });
});
