import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Picture } from './Picture.tsx';
import { brokenPicture, livePicture, posterPicture, upcomingPicture } from './storyPictures.ts';

const meta = {
  title: 'Components/Picture',
  component: Picture,
  args: { picture: posterPicture, alt: 'Eagles @ Lions, final period', sizes: '320px', fallback: 'NE' },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Picture>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Poster: Story = {
  play: async ({ canvas }) => {
    const img = canvas.getByRole('img', { name: 'Eagles @ Lions, final period' });
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img.parentElement?.querySelector('source')).toHaveAttribute('type', 'image/svg+xml');
  },
};
export const LiveThumbnail: Story = { args: { picture: livePicture, alt: 'Live: Falcons @ Otters' } };
export const UpcomingCard: Story = { args: { picture: upcomingPicture, alt: '' } };
export const Priority: Story = {
  args: { priority: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img')).toHaveAttribute('fetchpriority', 'high');
  },
};
export const MissingImage: Story = {
  args: { picture: null, alt: '' },
  play: async ({ canvasElement }) => {
    // The box keeps its 16:9 size with nothing to load.
    const box = canvasElement.querySelector('[data-picture]') as HTMLElement;
    await expect(Math.round(box.getBoundingClientRect().height)).toBe(180);
  },
};
export const BrokenUrl: Story = {
  args: { picture: brokenPicture, alt: 'Not an image' },
  play: async ({ canvasElement, canvas }) => {
    await waitFor(() => expect(canvas.queryByRole('img')).toBeNull());
    const box = canvasElement.querySelector('[data-picture]') as HTMLElement;
    await expect(box).toHaveAttribute('data-picture', 'missing');
    await expect(Math.round(box.getBoundingClientRect().height)).toBe(180);
  },
};
