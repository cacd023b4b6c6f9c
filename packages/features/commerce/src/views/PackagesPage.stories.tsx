import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { hockeyPass, monthly, pkg, singleEventPackage, teamPass } from '../test/fixtures.ts';
import { commerceLoader, withCommerceProviders } from '../test/stories.ts';
import { PackagesPage } from './PackagesPage.tsx';

const meta = {
  title: 'Commerce/Packages',
  component: PackagesPage,
  loaders: [commerceLoader],
  decorators: [withCommerceProviders],
  parameters: {
    route: '/packages',
    commerceRoutes: {
      'GET /packages': () => ({ json: { data: [singleEventPackage, hockeyPass, { ...teamPass, purchased: true }] } }),
      'GET /subscriptions': () => ({ json: { data: [monthly] } }),
    },
  },
} satisfies Meta<typeof PackagesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** spec §9 price titles, a purchased pass, a subscription with a free trial. */
export const Offers: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('$24.99 / 3 months')).toBeInTheDocument();
    await expect(canvas.getByText('Purchased')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: {
    commerceRoutes: { 'GET /packages': () => ({ json: { data: [] } }), 'GET /subscriptions': () => ({ json: { data: [] } }) },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nothing is on sale right now')).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: {
    commerceRoutes: { 'GET /packages': () => ({ status: 500, json: { message: 'boom' } }), 'GET /subscriptions': () => ({ json: { data: [] } }) },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** spec §2: a viewer holding the free basic pass sees "Upgrade" on the premium offers; spec §6: a 5-game pass says how many games are left. */
export const BasicPassAndQuota: Story = {
  parameters: {
    commerceRoutes: {
      'GET /packages': () => ({
        json: {
          data: [
            pkg({ id: 30, name: 'Basic pass', description: 'Every volleyball game, free for registered viewers.', basic: true, price: 0, base_price: 0, purchased: true }),
            pkg({ id: 40, name: '5-game pass', quota: 5, quota_left: 3, purchased: false }),
            hockeyPass,
          ],
        },
      }),
      'GET /subscriptions': () => ({ json: { data: [monthly] } }),
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Free basic pass')).toBeInTheDocument();
    await expect(canvas.getByText('5 games of your choice')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Upgrade Hockey season pass' })).toBeInTheDocument();
  },
};
