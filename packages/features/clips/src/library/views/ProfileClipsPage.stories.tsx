import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { clipOptions, clipsResponse, failed, goal, processing, queued, save } from '../test/fixtures.ts';
import { clipsLibraryLoader, withClipsLibraryProviders } from '../test/stories.tsx';
import { ProfileClipsPage } from './ProfileClipsPage.tsx';

/** The story tests run every story in each channel's theme (apps/storybook), so both themes are covered. */
const meta = {
  title: 'Clips/Library/Profile clips',
  component: ProfileClipsPage,
  loaders: [clipsLibraryLoader],
  decorators: [withClipsLibraryProviders],
  args: { openUrl: () => undefined },
  parameters: {
    clipsLibraryRoutes: {
      'GET /clips/user': () => ({ json: clipsResponse([goal, save, queued, processing, failed]) }),
      'DELETE /clip/1': () => ({ json: { data: { message: 'Clip deleted' } } }),
    },
  },
} satisfies Meta<typeof ProfileClipsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ready, live-cut, queued, processing and failed clips side by side (the unfinished ones are polled). */
export const MixedStatuses: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('article', { name: 'Penalty shot' })).toHaveTextContent('Failed');
    await expect(canvas.getByRole('article', { name: 'Power play' })).toHaveTextContent('Queued');
  },
};

/** A viewer without `download_clip`: no download button. */
export const WithoutDownload: Story = {
  parameters: {
    clipsLibraryRoutes: {
      'GET /clips/user': () => ({ json: clipsResponse([goal]) }),
      'GET /clips/options': () => ({ json: { data: clipOptions({ can_download_clip: false }) } }),
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Share' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Download' })).toBeNull();
  },
};

/** Deleting asks first, in the site's confirmation popup. */
export const ConfirmDelete: Story = {
  play: async ({ canvas, canvasElement }) => {
    const card = await canvas.findByRole('article', { name: 'Top-corner goal' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Delete this clip?' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { clipsLibraryRoutes: { 'GET /clips/user': () => ({ json: clipsResponse([]) }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No clips yet' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Find a game to clip' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { clipsLibraryRoutes: { 'GET /clips/user': () => ({ hang: true }) } },
};

export const LoadFailed: Story = {
  parameters: { clipsLibraryRoutes: { 'GET /clips/user': () => ({ status: 500, json: { message: 'Down' } }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Your clips could not be loaded' })).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Vos clips' })).toBeInTheDocument();
  },
};
