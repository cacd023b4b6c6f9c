import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { prerollsApi } from '../../test/fixtures.ts';
import { libraryLoader, withLibraryProviders } from '../../test/stories.tsx';
import { PrerollsPage } from './PrerollsPage.tsx';

const meta = {
  title: 'Library/Prerolls',
  component: PrerollsPage,
  loaders: [libraryLoader],
  decorators: [withLibraryProviders],
  parameters: { route: '/prerolls', libraryRoutes: prerollsApi().routes },
} satisfies Meta<typeof PrerollsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Targeted: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('checkbox', { name: 'Hockey' })).toBeInTheDocument();
  },
};
