import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { domainsApi } from '../../test/fixtures.ts';
import { channelsLoader, withChannelsProviders } from '../../test/stories.tsx';
import { DomainsPage } from './DomainsPage.tsx';

const meta = {
  title: 'Channels/Domains',
  component: DomainsPage,
  loaders: [channelsLoader],
  decorators: [withChannelsProviders],
  parameters: { route: '/domains', channelsRoutes: domainsApi().routes },
} satisfies Meta<typeof DomainsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Remove watch.northfield.example' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { channelsRoutes: domainsApi([]).routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No domains of your own yet.')).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr', channelsRoutes: domainsApi().routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Domaines' })).toBeInTheDocument();
  },
};
