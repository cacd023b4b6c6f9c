import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PlayerStage } from '../PlayerStage/PlayerStage.tsx';
import { EmbedFrame } from './EmbedFrame.tsx';

const meta = {
  title: 'Player/EmbedFrame',
  component: EmbedFrame,
  args: { children: null },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof EmbedFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An embedded event: the stage (a still frame stands in for the stream) centred in the black page. */
export const Event: Story = {
  args: {
    children: (
      <PlayerStage>
        <div role="img" aria-label="Eagles @ Falcons" style={{ width: '100%', height: '100%' }} />
      </PlayerStage>
    ),
  },
  play: async ({ canvas }) => {
    const frame = canvas.getByRole('img', { name: 'Eagles @ Falcons' }).parentElement!.parentElement!;
    await expect(getComputedStyle(frame).backgroundColor).toBe('rgb(0, 0, 0)');
  },
};
