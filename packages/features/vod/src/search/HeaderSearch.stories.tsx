import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { coachesShow, eagles, game, northfieldHigh, searchResponse, seasonReview } from '../test/fixtures.ts';
import { vodLoader, withVodProviders } from '../test/stories.tsx';
import { HeaderSearch } from './HeaderSearch.tsx';

const found = searchResponse({ videos: [seasonReview, coachesShow], events: [game], teams: [eagles], schools: [northfieldHigh] });

/** The header's search box on another page of the site (the story tests run it in each channel's theme). */
const meta = {
  title: 'Vod/Header search',
  component: HeaderSearch,
  loaders: [vodLoader],
  decorators: [withVodProviders],
  parameters: { route: '/', vodRoutes: { 'GET /vod-media/search': () => ({ json: found }) } },
} satisfies Meta<typeof HeaderSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The box alone, as every page shows it. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Search' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Suggestions grouped by kind, the second chosen with the arrows. */
export const Suggestions: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search' }), 'north');
    await canvas.findByRole('option', { name: 'Season review 2025' });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(canvas.getByRole('option', { name: 'The coaches’ show' })).toHaveAttribute('aria-selected', 'true');
  },
};

export const Searching: Story = {
  parameters: { vodRoutes: { 'GET /vod-media/search': () => ({ hang: true }) } },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search' }), 'north');
    await expect(await canvas.findByText('Searching…')).toBeVisible();
  },
};

export const NothingFound: Story = {
  parameters: { vodRoutes: { 'GET /vod-media/search': () => ({ json: searchResponse() }) } },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search' }), 'zzz');
    await expect(await canvas.findByText('Nothing found for “zzz”')).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { vodRoutes: { 'GET /vod-media/search': () => ({ status: 500, json: { message: 'Down' } }) } },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search' }), 'hockey');
    await expect(await canvas.findByText('The search could not be done. Press Enter to try the full results.', {}, { timeout: 5000 })).toBeVisible();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Rechercher' }), 'north');
    await expect(await canvas.findByRole('group', { name: 'Équipes' })).toBeVisible();
  },
};
