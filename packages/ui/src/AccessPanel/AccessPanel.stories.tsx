import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AccessPanel } from './AccessPanel.tsx';

const meta = {
  title: 'Components/AccessPanel',
  component: AccessPanel,
  args: {
    title: 'Watch this event',
    message: 'Buy this event or a pass that covers it.',
    actions: [
      { href: '/select-package/7', label: 'Buy for $9.99' },
      { href: '/login?event_id=7', label: 'Log in', variant: 'secondary' },
    ],
  },
} satisfies Meta<typeof AccessPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WaysIn: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Watch this event' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Buy for $9.99' })).toHaveAttribute('href', '/select-package/7');
  },
};
export const BlockedRegion: Story = { args: { message: 'This event is not available in your region.', actions: [], titleHidden: true } };
