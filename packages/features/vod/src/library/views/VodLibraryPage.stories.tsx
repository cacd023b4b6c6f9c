import { VOD_MESSAGES } from '@grandstand/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { coachesShow, hockeyFeminin, itemsResponse, seasonReview, viewer, vodDetail, vodItem } from '../../test/fixtures.ts';
import { vodLoader, withVodProviders } from '../../test/stories.tsx';
import { VodLibraryPage } from './VodLibraryPage.tsx';

/** The story tests run every story in each channel's theme (apps/storybook). */
const meta = {
  title: 'Vod/Library',
  component: VodLibraryPage,
  loaders: [vodLoader],
  decorators: [withVodProviders],
} satisfies Meta<typeof VodLibraryPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The library for a visitor: a rail, the category filter and every item, locked ones marked. */
export const Library: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('region', { name: 'Featured' })).toBeVisible();
    await expect(await canvas.findByRole('list', { name: 'All videos' })).toBeVisible();
    await expect(canvas.getAllByText('Locked').length).toBeGreaterThan(0);
  },
};

/** Many pages of videos. */
export const Paged: Story = {
  parameters: {
    vodRoutes: { 'GET /vod-media-items': () => ({ json: itemsResponse(Array.from({ length: 24 }, (_, index) => vodItem({ id: 100 + index })), 60) }) },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('navigation', { name: 'Pages of the videos' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { vodRoutes: { 'GET /vod-media-rails': () => ({ hang: true }), 'GET /vod-media-items': () => ({ hang: true }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading the videos…')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { vodRoutes: { 'GET /vod-media-rails': () => ({ json: { data: [] } }), 'GET /vod-media-items': () => ({ json: itemsResponse([]) }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No videos yet' })).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { vodRoutes: { 'GET /vod-media-items': () => ({ status: 500, json: { message: 'Down' } }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'The videos could not be loaded' }, { timeout: 5000 })).toBeVisible();
  },
};

/** One item playing above the library (`?vod_id=`), for a logged-in viewer. */
export const Playing: Story = {
  parameters: {
    route: '/vod_library?vod_id=7',
    user: viewer,
    vodRoutes: { 'GET /vod-media-items/7': () => ({ json: { data: vodDetail(seasonReview) } }) },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Season review 2025', level: 1 })).toBeVisible();
  },
};

/** A registered viewers' item, for a visitor: log in or register. */
export const LockedLogin: Story = {
  parameters: { route: '/vod_library?vod_id=8', vodRoutes: { 'GET /vod-media-items/8': () => ({ json: { data: vodDetail(coachesShow, 'login') } }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Log in' })).toBeVisible();
  },
};

/** A premium item: buy a pass. */
export const LockedPass: Story = {
  parameters: { route: '/vod_library?vod_id=9', user: viewer, vodRoutes: { 'GET /vod-media-items/9': () => ({ json: { data: vodDetail(hockeyFeminin, 'vod_media') } }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Buy a pass' })).toBeVisible();
  },
};

/** spec §6: a pass that ended. */
export const Expired: Story = {
  parameters: { route: '/vod_library?vod_id=9', user: viewer, vodRoutes: { 'GET /vod-media-items/9': () => ({ json: { data: vodDetail(hockeyFeminin, 'expired') } }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: VOD_MESSAGES.expiredAccess })).toBeVisible();
  },
};

export const NotFound: Story = {
  parameters: { route: '/vod_library?vod_id=999', vodRoutes: { 'GET /vod-media-items/999': () => ({ status: 404, json: { message: 'Not found', field: 'id' } }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'This video is not available' })).toBeVisible();
  },
};

/** A card hovered: its silent preview plays over the poster. */
export const CardPreview: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'All videos' });
    const link = await within(list).findByRole('link', { name: 'Season review 2025' });
    await userEvent.hover(link);
    await waitFor(() => expect(list.querySelector('[data-preview="playing"]')).not.toBeNull());
    // Silent in the markup too, not only as React's property.
    expect(list.querySelector('[data-preview="playing"]')).toHaveAttribute('muted');
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Toutes les vidéos' })).toBeVisible();
  },
};
