import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { Pagination } from './Pagination.tsx';

function Pages({ pageCount }: { pageCount: number }) {
  const [page, setPage] = useState(1);
  return <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Pages" previousLabel="Previous" nextLabel="Next" pageLabel={(n) => `Page ${n}`} />;
}

const meta = {
  title: 'Components/Pagination',
  component: Pages,
  args: { pageCount: 12 },
} satisfies Meta<typeof Pages>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ManyPages: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  },
};
export const FewPages: Story = { args: { pageCount: 3 } };
