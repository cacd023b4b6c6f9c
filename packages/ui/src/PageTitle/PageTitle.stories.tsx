import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PageTitle } from './PageTitle.tsx';

const meta = {
  title: 'Components/PageTitle',
  component: PageTitle,
  args: { children: 'Choose your package' },
} satisfies Meta<typeof PageTitle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Choose your package' })).toBeVisible();
  },
};
export const LongTitle: Story = { args: { children: 'Regional championship final: North Valley against Lakeside, replay and highlights' } };
