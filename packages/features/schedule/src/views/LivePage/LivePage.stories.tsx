import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { consoleEvent, consoleLive, liveHealth, liveRoutes, POSTER, scheduleApi } from '../../test/fixtures.ts';
import { scheduleLoader, withScheduleProviders } from '../../test/stories.tsx';
import { LivePage } from './LivePage.tsx';

/** The event's calls and its live screen's over `live` (each story its own copy, so a rotation or an end stays in it). */
function routesOf(live: ReturnType<typeof consoleLive>) {
  return { ...scheduleApi([consoleEvent({ streamStatus: live.state === 'idle' ? 'upcoming' : live.state === 'ended' ? 'finished' : 'live' })]).routes, ...liveRoutes(live).routes };
}

const meta = {
  title: 'Schedule/Live control',
  component: LivePage,
  loaders: [scheduleLoader],
  decorators: [withScheduleProviders],
  parameters: { route: '/events/501/live', scheduleRoutes: routesOf(consoleLive()) },
} satisfies Meta<typeof LivePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No camera yet: the encoder's settings, the key hidden. */
export const WaitingForTheCamera: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Copy the stream key' })).toBeInTheDocument();
    await expect(canvas.getByText('Waiting for the camera')).toBeInTheDocument();
  },
};

/** Live and healthy, 42 watching. */
export const Live: Story = {
  parameters: { scheduleRoutes: routesOf(consoleLive({ state: 'live', since: '2026-09-13T00:00:00.000Z', health: liveHealth() })) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('3,200 kb/s')).toBeInTheDocument();
  },
};

/** An encoder sending a keyframe every 4 s, its bitrate fallen: both warnings. */
export const Warnings: Story = {
  parameters: {
    scheduleRoutes: routesOf(
      consoleLive({ state: 'live', since: '2026-09-13T00:00:00.000Z', health: liveHealth({ keyframeIntervalS: 4, bitrateKbps: 700, warnings: ['keyframe_interval', 'bitrate_drop'] }) }),
    ),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Keyframes come every 4 s/)).toBeInTheDocument();
  },
};

/** The signal lost, within its grace period. */
export const SignalLost: Story = {
  parameters: {
    scheduleRoutes: routesOf(
      consoleLive({ state: 'lost', since: '2026-09-13T00:00:00.000Z', lostAt: '2026-09-13T00:20:00.000Z', graceEndsAt: '2026-09-13T00:22:00.000Z', health: liveHealth({ bitrateKbps: null, viewers: 40 }) }),
    ),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Signal lost')).toBeInTheDocument();
  },
};

/** Over, the recording on demand with its poster, trimmed to the game. */
export const RecordingReady: Story = {
  parameters: {
    scheduleRoutes: routesOf(consoleLive({ state: 'ended', recording: { status: 'ready', durationS: 6120, trimStartS: 300, trimEndS: 5700, posterUrl: POSTER } })),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Trim the recording' })).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr', scheduleRoutes: routesOf(consoleLive({ state: 'live', since: '2026-09-13T00:00:00.000Z', health: liveHealth() })) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Réglages de l’encodeur' })).toBeInTheDocument();
  },
};
