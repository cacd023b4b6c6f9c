import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DataTable, NumericCell } from './DataTable.tsx';

/** A row's heading cell, then its cells; a figure's cell a `NumericCell` where the table is not `numeric`. */
type Row = [string, ...(string | { amount: string })[]];

function Rows({ rows }: { rows: Row[] }) {
  return rows.map(([heading, ...cells]) => (
    <tr key={heading}>
      <th scope="row">{heading}</th>
      {cells.map((cell, index) => (typeof cell === 'string' ? <td key={index}>{cell}</td> : <NumericCell key={index}>{cell.amount}</NumericCell>))}
    </tr>
  ));
}

function Head({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

const meta = {
  title: 'Layout/DataTable',
  component: DataTable,
  args: {
    children: (
      <>
        <caption>3 orders</caption>
        <Head columns={['Order', 'Viewer', 'Amount', 'Status']} />
        <tbody>
          <Rows
            rows={[
              ['#1042', 'sam@example.com', { amount: '$40.00' }, 'Paid'],
              ['#1041', 'alex@example.com', { amount: '$1,240.00' }, 'Refunded'],
              ['#1040', 'jo@example.com', { amount: '$9.99' }, 'Paid'],
            ]}
          />
        </tbody>
      </>
    ),
  },
} satisfies Meta<typeof DataTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Orders: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: '3 orders' })).toBeVisible();
    // Amounts line up at the end of their column; words at the start of theirs.
    await expect(getComputedStyle(canvas.getByRole('cell', { name: '$40.00' })).textAlign).toBe('end');
    await expect(getComputedStyle(canvas.getByRole('cell', { name: 'sam@example.com' })).textAlign).toBe('start');
  },
};

export const Figures: Story = {
  args: {
    numeric: true,
    minWidth: '40rem',
    tabIndex: 0,
    role: 'region',
    'aria-label': 'Revenue by school',
    children: (
      <>
        <caption>Revenue by school</caption>
        <Head columns={['School', 'Direct', 'Pooled', 'Revenue', 'Share (30 %)']} />
        <tbody>
          <Rows
            rows={[
              ['Northfield Collegiate Institute of Arts and Sciences', '$1,200.00', '$300.00', '$1,500.00', '$450.00'],
              ['Riverside', '$800.00', '$200.00', '$1,000.00', '$300.00'],
            ]}
          />
        </tbody>
        <tfoot>
          <Rows rows={[['Total', '$2,000.00', '$500.00', '$2,500.00', '$750.00']]} />
        </tfoot>
      </>
    ),
  },
  play: async ({ canvas }) => {
    const frame = canvas.getByRole('region', { name: 'Revenue by school' });
    const table = canvas.getByRole('table', { name: 'Revenue by school' });
    // The table keeps a readable width; on a narrower screen its frame scrolls, and takes the focus to.
    await expect(table.getBoundingClientRect().width).toBeGreaterThanOrEqual(640);
    await expect(frame.tabIndex).toBe(0);
    await expect(getComputedStyle(canvas.getByRole('cell', { name: '$1,500.00' })).textAlign).toBe('end');
    await expect(getComputedStyle(canvas.getByRole('rowheader', { name: 'Riverside' })).textAlign).toBe('start');
    // The totals row stands out.
    await expect(getComputedStyle(canvas.getByRole('cell', { name: '$2,500.00' })).fontWeight).toBe('700');
  },
};

export const Comfortable: Story = {
  args: { density: 'comfortable' },
};
