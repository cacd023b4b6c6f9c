import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { PlayerStage } from '@grandstand/player';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import type { LiveSignal } from '@grandstand/contract';
import { LiveSlate } from './LiveSlate.tsx';
import { watchNamespace } from './namespace.ts';

const english = await createI18n({ language: 'en' });
await registerFeatureResources(english, watchNamespace);
const french = await createI18n({ language: 'fr' });
await registerFeatureResources(french, watchNamespace);

/** The live stage as the watch page has it, a still frame standing in for the player. */
function LiveStage({ signal, language }: { signal: LiveSignal | null; language: 'en' | 'fr' }) {
  return (
    <I18nProvider i18n={language === 'fr' ? french : english}>
      <div style={{ maxWidth: 720 }}>
        <PlayerStage>
          <LiveSlate signal={signal}>
            <button type="button" style={{ width: '100%', height: '100%', background: '#123', color: '#fff' }}>
              Player
            </button>
          </LiveSlate>
        </PlayerStage>
      </div>
    </I18nProvider>
  );
}

const meta = {
  title: 'Events/Watch/LiveSlate',
  component: LiveStage,
  args: { signal: 'lost', language: 'en' },
} satisfies Meta<typeof LiveStage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The camera's signal dropped: the slate over the player, which keyboard focus no longer reaches. */
export const Lost: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Back in a moment');
    await expect(canvas.getByRole('button', { name: 'Player', hidden: true }).closest('[inert]')).not.toBeNull();
  },
};

/** The same in French (each story runs in every channel's colours). */
export const LostFrench: Story = {
  args: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('De retour dans un instant');
  },
};

/** Live, no camera yet. */
export const Waiting: Story = {
  args: { signal: 'waiting' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Waiting for the camera');
  },
};

export const WaitingFrench: Story = {
  args: { signal: 'waiting', language: 'fr' },
};

/** The signal is on: the player alone, reachable. */
export const On: Story = {
  args: { signal: 'on' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Player' })).toBeVisible();
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};
