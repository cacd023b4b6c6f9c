import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { consoleEvent, scheduleApi } from '../../test/fixtures.ts';
import { scheduleLoader, withScheduleProviders } from '../../test/stories.tsx';
import { NewEventPage } from './EventFormPage.tsx';

const meta = {
  title: 'Schedule/Event form',
  component: NewEventPage,
  loaders: [scheduleLoader],
  decorators: [withScheduleProviders],
  parameters: { route: '/events/new', scheduleRoutes: scheduleApi([consoleEvent({ accessType: 'paid', price: 9.99, serviceFee: 1 })]).routes },
} satisfies Meta<typeof NewEventPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const New: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Create event' })).toBeInTheDocument();
  },
};

/** An existing paid event: its price and fee fields show. */
export const EditPaid: Story = {
  parameters: { route: '/events/501' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Price (USD)' })).toHaveValue('9.99');
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Créer l’événement' })).toBeInTheDocument();
  },
};
