import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { supportApi, viewer } from '../../test/fixtures.ts';
import { supportLoader, withSupportProviders } from '../../test/stories.tsx';
import { ViewersPage } from './ViewersPage.tsx';

const meta = {
  title: 'Support/Viewers',
  component: ViewersPage,
  loaders: [supportLoader],
  decorators: [withSupportProviders],
  parameters: { route: '/viewers?viewer=7', supportRoutes: supportApi().routes },
} satisfies Meta<typeof ViewersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Viewer: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Ada Fan · fan@example.com' })).toBeInTheDocument();
  },
};

export const Suspended: Story = {
  parameters: { supportRoutes: supportApi({ viewers: [viewer({ suspendedAt: '2026-12-06T10:00:00.000Z', suspendedReason: 'Account shared' })] }).routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Restore the viewer' })).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Spectateurs' })).toBeInTheDocument();
  },
};
