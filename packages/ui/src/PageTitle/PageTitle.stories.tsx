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
    const heading = canvas.getByRole('heading', { level: 1, name: 'Choose your package' });
    await expect(heading).toBeVisible();
    // The theme's title size (xl, 1.5rem), without a margin of its own.
    await expect(getComputedStyle(heading).fontSize).toBe('24px');
    await expect(getComputedStyle(heading).margin).toBe('0px');
  },
};
export const LongTitle: Story = { args: { children: 'Regional championship final: North Valley against Lakeside, replay and highlights' } };
