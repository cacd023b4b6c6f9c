import type { Meta, StoryObj } from '@storybook/react-vite';
import { AccessPanel } from '@grandstand/ui';
import { expect } from 'storybook/test';
import { PlayerStage } from './PlayerStage.tsx';

const meta = {
  title: 'Player/PlayerStage',
  component: PlayerStage,
  args: { children: null },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PlayerStage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The black box a Player fills (a still frame stands in for the stream). */
export const Video: Story = {
  args: { children: <div role="img" aria-label="Eagles @ Falcons" style={{ width: '100%', height: '100%' }} /> },
};

/** What stands before the player: here the access panel of a paid game. */
export const Panel: Story = {
  args: {
    variant: 'panel',
    children: (
      <AccessPanel
        title="Watch this event"
        message="Buy this event or a pass that covers it."
        actions={[
          { href: '/select-package/7', label: 'Buy for $9.99' },
          { href: '/login?event_id=7', label: 'Log in', variant: 'secondary' },
        ]}
      />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Watch this event' })).toBeVisible();
  },
};
