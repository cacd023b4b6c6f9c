import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from './Badge.tsx';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: 'Live', tone: 'live' },
  argTypes: { tone: { control: 'inline-radio', options: ['live', 'primary', 'neutral'] } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Live: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Live')).toBeVisible();
  },
};
export const Primary: Story = { args: { tone: 'primary', children: 'Free' } };
export const Neutral: Story = { args: { tone: 'neutral', children: '$9.99' } };
