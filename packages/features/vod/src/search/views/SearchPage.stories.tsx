import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { coachesShow, eagles, game, lakeside, northfieldHigh, searchResponse, seasonReview } from '../../test/fixtures.ts';
import { vodLoader, withVodProviders } from '../../test/stories.tsx';
import { SearchPage } from './SearchPage.tsx';

const found = searchResponse({ videos: [seasonReview, coachesShow], events: [game], teams: [eagles, lakeside], schools: [northfieldHigh] }, 24);

/** `/search?q=`: the full results (the story tests run every story in each channel's theme). */
const meta = {
  title: 'Vod/Search results',
  component: SearchPage,
  loaders: [vodLoader],
  decorators: [withVodProviders],
  parameters: { route: '/search?q=north', vodRoutes: { 'GET /vod-media/search': () => ({ json: found }) } },
} satisfies Meta<typeof SearchPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind found, the videos paged. */
export const Results: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('region', { name: 'Videos (24)' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Schools' })).toBeVisible();
  },
};

/** No words yet: the prompt, then the newest videos. */
export const Prompt: Story = {
  parameters: { route: '/search', vodRoutes: { 'GET /vod-media/search': () => ({ json: searchResponse({ videos: [seasonReview, coachesShow] }, 12) }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Type a few words to search videos, games, teams and schools.')).toBeVisible();
    await expect(await canvas.findByRole('region', { name: 'Newest videos (12)' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { vodRoutes: { 'GET /vod-media/search': () => ({ hang: true }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Searching…')).toBeInTheDocument();
  },
};

export const NothingFound: Story = {
  parameters: { vodRoutes: { 'GET /vod-media/search': () => ({ json: searchResponse() }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Nothing found' })).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { vodRoutes: { 'GET /vod-media/search': () => ({ status: 500, json: { message: 'Down' } }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'The search could not be done' }, { timeout: 5000 })).toBeVisible();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Résultats pour « north »' })).toBeVisible();
  },
};
