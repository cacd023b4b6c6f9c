import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { consoleEvent, scheduleApi } from '../../test/fixtures.ts';
import { scheduleLoader, withScheduleProviders } from '../../test/stories.tsx';
import { EventsPage } from './EventsPage.tsx';

const events = [
  consoleEvent(),
  consoleEvent({ id: 502, name: 'Season final', customName: true, accessType: 'ppv', price: 12.5, serviceFee: 1.5, published: false, prerolls: false }),
  consoleEvent({ id: 503, name: 'Ridgeview Rams @ Northfield Falcons', streamStatus: 'live', accessType: 'register' }),
  consoleEvent({ id: 504, name: 'Rained out', customName: true, cancelled: true, cancelledAt: '2026-09-10T12:00:00.000Z' }),
];

const meta = {
  title: 'Schedule/Events',
  component: EventsPage,
  loaders: [scheduleLoader],
  decorators: [withScheduleProviders],
  parameters: { route: '/events', scheduleRoutes: scheduleApi(events).routes },
} satisfies Meta<typeof EventsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every state an event shows: upcoming, unpublished and paid, live, cancelled (no actions). */
export const List: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('listitem', { name: 'Rained out' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Publish Season final' })).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Événements' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { scheduleRoutes: scheduleApi([]).routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No events here' })).toBeInTheDocument();
  },
};
