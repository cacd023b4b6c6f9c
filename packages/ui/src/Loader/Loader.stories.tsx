import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Loader } from './Loader.tsx';

const meta = {
  title: 'Components/Loader',
  component: Loader,
  args: { label: 'Loading…' },
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Loading…');
    await expect(status).toHaveAttribute('aria-live', 'polite');
  },
} satisfies Meta<typeof Loader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inline: Story = {};

/** spec §2: the loader shown at startup. */
export const FullScreen: Story = { args: { fullScreen: true }, parameters: { layout: 'fullscreen' } };
