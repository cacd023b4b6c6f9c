import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { libraryApi } from '../../test/fixtures.ts';
import { libraryLoader, withLibraryProviders } from '../../test/stories.tsx';
import { LibraryPage } from './LibraryPage.tsx';

const meta = {
  title: 'Library/Library',
  component: LibraryPage,
  loaders: [libraryLoader],
  decorators: [withLibraryProviders],
  parameters: { route: '/library', libraryRoutes: libraryApi().routes },
} satisfies Meta<typeof LibraryPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Videos: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Library' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { libraryRoutes: libraryApi({ items: [], rails: [] }).routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No videos yet. Upload one above.')).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr', libraryRoutes: libraryApi().routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Vidéothèque' })).toBeInTheDocument();
  },
};
