import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { popup, popupsApi } from '../../test/fixtures.ts';
import { engagementLoader, withEngagementProviders } from '../../test/stories.tsx';
import { PopupsPage } from './PopupsPage.tsx';

const meta = {
  title: 'Engagement/Popups',
  component: PopupsPage,
  loaders: [engagementLoader],
  decorators: [withEngagementProviders],
  parameters: { route: '/popups', engagementRoutes: popupsApi([popup(), popup({ id: 10, title: 'Thanks, subscribers', audience: 'holders', offer: { type: 'subscription', id: 1, name: 'Northfield Monthly' }, state: 'scheduled', dismissals: 0 })]).routes },
} satisfies Meta<typeof PopupsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Popups: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('listitem', { name: 'Playoffs pass on sale' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { engagementRoutes: popupsApi([]).routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No popup yet.')).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr', engagementRoutes: popupsApi().routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Créer l’annonce' })).toBeInTheDocument();
  },
};
