import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { hockeyPass, monthly, paidEvent, singleEventPackage, teamPass } from '../test/fixtures.ts';
import { commerceLoader, withCommerceProviders } from '../test/stories.ts';
import { SelectPackagePage } from './SelectPackagePage.tsx';

const meta = {
  title: 'Commerce/Select package',
  component: SelectPackagePage,
  loaders: [commerceLoader],
  decorators: [withCommerceProviders],
  parameters: {
    route: '/select-package/12',
    commerceRoutes: {
      'GET /events/12': () => ({ json: { data: paidEvent() } }),
      'GET /packages': () => ({ json: { data: [singleEventPackage, hockeyPass, teamPass] } }),
      'GET /subscriptions': () => ({ json: { data: [monthly] } }),
    },
  },
} satisfies Meta<typeof SelectPackagePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** This event alone, the passes covering it, the subscriptions. */
export const WaysToWatch: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Buy for $10.99' })).toBeInTheDocument();
  },
};

export const AlreadyWatchable: Story = {
  parameters: {
    commerceRoutes: {
      'GET /events/12': () => ({ json: { data: paidEvent({ has_access: true }) } }),
      'GET /packages': () => ({ json: { data: [] } }),
      'GET /subscriptions': () => ({ json: { data: [] } }),
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Watch now' })).toBeInTheDocument();
  },
};
