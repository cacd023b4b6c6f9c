import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { calendarFeed, eagles, hockey, northfieldHigh } from '../../test/fixtures.ts';
import { favouritesLoader, withFavouritesProviders } from '../../test/stories.tsx';
import { ProfileFavouritesPage } from './ProfileFavouritesPage.tsx';

/** The story tests run every story in each channel's theme (apps/storybook). */
const meta = {
  title: 'Favourites/Profile favourites',
  component: ProfileFavouritesPage,
  loaders: [favouritesLoader],
  decorators: [withFavouritesProviders],
  parameters: {
    favouritesRoutes: {
      'GET /favorites': () => ({ json: { data: [eagles, northfieldHigh, hockey] } }),
      'GET /favorites/calendar': () => ({ json: { data: calendarFeed() } }),
      'POST /favorites/calendar': () => ({ json: { data: calendarFeed('Zr8pQ2wE5tY7uI9oP1aS3dF5gH7jK9lZ2xC4vB6nM8q') } }),
    },
  },
} satisfies Meta<typeof ProfileFavouritesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A team, a school and a sport, with the calendar address. */
export const Following: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('article', { name: 'Northfield High' })).toHaveTextContent('School');
    await expect(await canvas.findByRole('textbox', { name: 'Calendar address' })).toHaveValue(calendarFeed().url);
  },
};

/** Nothing followed yet: the way to find a team. */
export const Empty: Story = {
  parameters: { favouritesRoutes: { 'GET /favorites': () => ({ json: { data: [] } }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'You follow nothing yet' })).toBeVisible();
  },
};

/** Loading: the list and the address wait. */
export const Loading: Story = {
  parameters: { favouritesRoutes: { 'GET /favorites': () => ({ hang: true }), 'GET /favorites/calendar': () => ({ hang: true }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading your favourites…')).toBeVisible();
    await expect(canvas.getByText('Loading your calendar address…')).toBeVisible();
  },
};

/** The list could not be loaded. */
export const LoadFailed: Story = {
  parameters: {
    favouritesRoutes: {
      'GET /favorites': () => ({ status: 500, json: { message: 'Internal Server Error' } }),
      'GET /favorites/calendar': () => ({ status: 500, json: { message: 'Internal Server Error' } }),
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Your favourites could not be loaded')).toBeVisible();
  },
};

/** Renewing the address asks first, saying the old one stops working. */
export const ConfirmRenew: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Get a new address' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Get a new calendar address?' });
    await expect(dialog).toHaveTextContent('The current address will stop working');
  },
};

/** In French. */
export const French: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Vos favoris' })).toBeVisible();
  },
};
