import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { channelSettings, settingsApi } from '../../test/fixtures.ts';
import { channelsLoader, withChannelsProviders } from '../../test/stories.tsx';
import { SettingsPage } from './SettingsPage.tsx';

const meta = {
  title: 'Channels/Settings',
  component: SettingsPage,
  loaders: [channelsLoader],
  decorators: [withChannelsProviders],
  parameters: { route: '/settings', channelsRoutes: settingsApi().routes },
} satisfies Meta<typeof SettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Settings: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Clips a viewer keeps at once' })).toHaveValue('50');
  },
};

/** A channel that offers no clips: its clip settings are shown, but cannot be changed. */
export const WithoutClips: Story = {
  parameters: { channelsRoutes: settingsApi(channelSettings({ clips_enabled: false })).routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('group', { name: 'Viewer clips' })).toBeDisabled();
  },
};

export const French: Story = {
  parameters: { language: 'fr', channelsRoutes: settingsApi().routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Enregistrer les réglages' })).toBeInTheDocument();
  },
};
