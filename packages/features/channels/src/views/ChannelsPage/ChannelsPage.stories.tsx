import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { laurentides, platformApi, platformChannel } from '../../test/fixtures.ts';
import { channelsLoader, withChannelsProviders } from '../../test/stories.tsx';
import { ChannelsPage } from './ChannelsPage.tsx';

const channels = () => [platformChannel(), laurentides(), platformChannel({ id: 3, slug: 'harbour-city', name: 'Harbour City Rowing', is_default: false, status: 'suspended', currency: 'CAD' })];

const meta = {
  title: 'Channels/Platform channels',
  component: ChannelsPage,
  loaders: [channelsLoader],
  decorators: [withChannelsProviders],
  parameters: { route: '/channels', channelsRoutes: platformApi(channels()).routes },
} satisfies Meta<typeof ChannelsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The default channel (never suspended), an active one with a domain of its own, a suspended one. */
export const List: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Restore Harbour City Rowing' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Suspend Ligue des Laurentides' })).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr', channelsRoutes: platformApi(channels()).routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Chaînes' })).toBeInTheDocument();
  },
};
