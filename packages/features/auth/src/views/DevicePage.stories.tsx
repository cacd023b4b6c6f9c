import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { authLoader, withAuthProviders } from '../test/stories.ts';
import { DevicePage } from './DevicePage.tsx';

const meta = {
  title: 'Auth/Device',
  component: DevicePage,
  loaders: [authLoader],
  decorators: [withAuthProviders],
  parameters: {
    authRoutes: {
      'POST /auth/device_code': () => ({ json: { data: { code: 'K7P2QX', expires_at: Math.floor(Date.now() / 1000) + 600 } } }),
      'GET /profile': () => ({ status: 401, json: { message: 'Unauthenticated' } }),
    },
  },
} satisfies Meta<typeof DevicePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The code, big, while the device waits to be linked. */
export const ShowsCode: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('K7P2QX')).toBeInTheDocument();
  },
};
