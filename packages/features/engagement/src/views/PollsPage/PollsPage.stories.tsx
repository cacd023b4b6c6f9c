import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { poll, pollsApi } from '../../test/fixtures.ts';
import { engagementLoader, withEngagementProviders } from '../../test/stories.tsx';
import { PollsPage } from './PollsPage.tsx';

const meta = {
  title: 'Engagement/Polls',
  component: PollsPage,
  loaders: [engagementLoader],
  decorators: [withEngagementProviders],
  parameters: { route: '/polls?event=11', engagementRoutes: pollsApi().routes },
} satisfies Meta<typeof PollsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpenPoll: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Close the poll' })).toBeInTheDocument();
  },
};

export const ClosedPoll: Story = {
  parameters: { engagementRoutes: pollsApi([poll({ status: 'closed', closedAt: '2026-12-06T19:30:00.000Z' })]).routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Closed')).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr', engagementRoutes: pollsApi().routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Ouvrir le sondage' })).toBeInTheDocument();
  },
};
