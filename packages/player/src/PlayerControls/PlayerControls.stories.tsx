import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { labels } from '../test/labels.ts';
import { PlayerControls } from './PlayerControls.tsx';

/** The player's controls in each state, without a stream: a dark stage stands in for the video. */
const meta = {
  title: 'Player/PlayerControls',
  component: PlayerControls,
  args: {
    title: 'Eagles @ Falcons',
    labels,
    live: false,
    playing: false,
    currentTime: 754,
    seekRange: { start: 0, end: 5_400 },
    bufferedEnd: 820,
    volume: 0.8,
    muted: false,
    fullscreen: false,
    onPlay: fn(),
    onPause: fn(),
    onSeek: fn(),
    onVolumeChange: fn(),
    onToggleMute: fn(),
    onToggleFullscreen: fn(),
    onGoLive: fn(),
    onRetry: fn(),
    onQualityChange: fn(),
    qualities: [
      { id: 720, label: '720p' },
      { id: 480, label: '480p' },
      { id: 360, label: '360p' },
    ],
    quality: 'auto',
    // Stories stay still for the eye and for tests: no hiding while "playing".
    autoHideMs: 3_600_000,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 960 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PlayerControls>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnDemand: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '12:34 / 1:30:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Play' }));
    await expect(args.onPlay).toHaveBeenCalledOnce();
    canvas.getByRole('region', { name: 'Eagles @ Falcons' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onSeek).toHaveBeenCalledWith(764);
  },
};

export const LiveAtEdge: Story = {
  args: { live: true, playing: true, currentTime: 1_198, seekRange: { start: 598, end: 1_200 }, bufferedEnd: 1_204 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('LIVE')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Back to live' })).toBeNull();
  },
};

export const LiveBehind: Story = {
  args: { live: true, playing: true, currentTime: 900, seekRange: { start: 598, end: 1_200 }, bufferedEnd: 930 },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText('-5:00')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to live' }));
    await expect(args.onGoLive).toHaveBeenCalledOnce();
  },
};

export const Preroll: Story = {
  args: { preroll: true, playing: true, currentTime: 6, seekRange: { start: 0, end: 20 }, bufferedEnd: 20, qualities: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ad')).toBeVisible();
    await expect(canvas.queryByRole('slider', { name: 'Seek' })).toBeNull();
  },
};

export const Loading: Story = {
  args: { waiting: true, playing: true, currentTime: 0, bufferedEnd: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading video');
  },
};

/** spec §8: the player's error text, with a way to retry. */
export const ErrorWithRetry: Story = {
  args: { failed: true },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Oops! We are currently experiencing technical difficulties');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Retrying: Story = { args: { failed: true, retrying: true } };

export const MutedFullscreen: Story = { args: { muted: true, fullscreen: true, playing: true } };
