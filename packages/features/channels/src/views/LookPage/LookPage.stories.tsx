import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { channelLook, lookApi } from '../../test/fixtures.ts';
import { channelsLoader, withChannelsProviders } from '../../test/stories.tsx';
import { LookPage } from './LookPage.tsx';

const meta = {
  title: 'Channels/Look',
  component: LookPage,
  loaders: [channelsLoader],
  decorators: [withChannelsProviders],
  parameters: { route: '/look', channelsRoutes: lookApi().routes },
} satisfies Meta<typeof LookPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The saved look, and its preview. */
export const Saved: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Primary colour' })).toHaveValue('#f2a900');
  },
};

/** A new primary colour typed: the preview repaints before anything is saved. */
export const Editing: Story = {
  parameters: { channelsRoutes: lookApi().routes },
  play: async ({ canvas }) => {
    const primary = await canvas.findByRole('textbox', { name: 'Primary colour' });
    await userEvent.clear(primary);
    await userEvent.type(primary, '#c8102e');
    await expect(canvas.getByTestId('look-preview').style.getPropertyValue('--gs-primary-color')).toBe('#c8102e');
  },
};

/** Laurentides' dark page and light header, in French. */
export const French: Story = {
  parameters: {
    language: 'fr',
    channelsRoutes: lookApi(
      channelLook({
        name: 'Ligue des Laurentides',
        description: 'Le hockey, la ringuette et le soccer des Laurentides, en direct et sur demande.',
        colors: {
          'header-background': '#ffffff',
          'header-text-color': '#123524',
          'body-background': '#0f1b14',
          'body-text-color': '#eef5f0',
          'footer-background': '#123524',
          'footer-text-color': '#d8e8dd',
          'primary-color': '#d7263d',
          'secondary-color': '#2e8b57',
        },
      }),
    ).routes,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Apparence' })).toBeInTheDocument();
  },
};
