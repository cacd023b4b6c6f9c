import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Skeleton } from './Skeleton.tsx';

const meta = {
  title: 'Components/Skeleton',
  component: Skeleton,
  args: { width: '320px', height: '180px', shape: 'block' },
  argTypes: { shape: { control: 'inline-radio', options: ['text', 'block', 'circle'] } },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Block: Story = {};

export const CardPlaceholder: Story = {
  render: () => (
    <div role="status" aria-busy="true" aria-label="Loading" style={{ display: 'grid', gap: '0.5rem', width: 320 }}>
      <Skeleton shape="block" height="180px" />
      <Skeleton width="80%" />
      <Skeleton width="50%" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading' })).toHaveAttribute('aria-busy', 'true');
  },
};
