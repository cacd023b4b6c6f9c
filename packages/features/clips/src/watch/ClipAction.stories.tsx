import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, waitFor, within } from 'storybook/test';
import styled from 'styled-components';
import { ClipAction, type ClipActionProps } from './ClipAction.tsx';
import { createFakePlayer, type FakePlayerOptions } from './test/fakePlayer.ts';
import { clip, clipOptions, gameEvent, KICK_OFF } from './test/fixtures.ts';
import { clipsWatchLoader, withClipsWatchProviders } from './test/stories.ts';

/** The player's dark control bar, as the Clip control sits in it on the watch page. */
const Bar = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: 0.5rem;
  background: #000000;
  color: #ffffff;
`;

function ClipActionInBar({ live, player, ...props }: Omit<ClipActionProps, 'player' | 'event'> & { live: boolean; player: FakePlayerOptions }) {
  const event = live ? gameEvent({ stream_status: 'live', stream: { url: '/media/live/7/index.m3u8', kind: 'hls', live: true, expires_in: 120 } }) : gameEvent();
  return (
    <Bar>
      <ClipAction {...props} event={event} player={createFakePlayer({ live, ...player })} />
    </Bar>
  );
}

const listOf = (clips: ReturnType<typeof clip>[]) => ({ json: { data: clips, meta: { total: clips.length, offset: 0, limit: 24 } } });

const meta = {
  title: 'Clips/Watch/Clip control',
  component: ClipActionInBar,
  loaders: [clipsWatchLoader],
  decorators: [withClipsWatchProviders],
  args: { live: false, player: { range: { start: 0, end: 5400 }, currentTime: 1325 } },
  parameters: {
    clipsWatchRoutes: {
      'POST /clip': () => ({ json: { data: clip() } }),
      'GET /clips/event/7': () => listOf([clip({ status: 'ready', stream_url: '/media/clips/northfield/x/index.m3u8' })]),
    },
  },
} satisfies Meta<typeof ClipActionInBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the editor and waits for what this viewer may do. */
async function open(canvasElement: HTMLElement) {
  const body = within(canvasElement.ownerDocument.body);
  fireEvent.click(await within(canvasElement).findByRole('button', { name: 'Clip' }));
  const dialog = await body.findByRole('dialog', { name: 'Clip a moment' });
  await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
  return within(dialog);
}

/** An on-demand game: the marks over the recording, 30 s up to the playhead. */
export const OnDemand: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(dialog.getByRole('slider', { name: 'Clip end' })).toHaveAttribute('aria-valuetext', '22:05');
  },
};

/** Dragging the out mark with a pointer, in a real browser. */
export const DragTheEnd: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const dialog = await open(canvasElement);
    const end = dialog.getByRole('slider', { name: 'Clip end' });
    const track = end.parentElement as HTMLElement;
    const rect = track.getBoundingClientRect();
    // 25 % of the 90-minute recording is 22:30.
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: end },
      { coords: { x: rect.left + rect.width * 0.25, y: rect.top + rect.height / 2 } },
      { keys: '[/MouseLeft]' },
    ]);
    await expect(end).toHaveAttribute('aria-valuetext', '22:30');
    await expect(dialog.getByLabelText(/^End/)).toHaveValue('22:30');
  },
};

/** While live: one press clips the last 30 seconds; the marks read as time into the game. */
export const Live: Story = {
  args: { live: true, player: { range: { start: 0, end: 600 }, currentTime: 595, clockStart: new Date((KICK_OFF + 300) * 1000) } },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(dialog.getByRole('button', { name: 'Clip the last 30 seconds' })).toBeVisible();
    await expect(dialog.getByRole('slider', { name: 'Clip end' })).toHaveAttribute('aria-valuetext', '14:55');
  },
};

/** After the one press: the clip on its way, then ready with its links. */
export const LiveClipReady: Story = {
  args: Live.args,
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    fireEvent.click(dialog.getByRole('button', { name: 'Clip the last 30 seconds' }));
    await expect(await dialog.findByRole('link', { name: 'Play the clip' })).toHaveAttribute('href', '/share/7/4f7c2a2e-8d1b-4c51-9a55-0c2f3e1d9b60');
  },
};

/** spec §5: the texts of a draft that cannot be sent, each at its field. */
export const Errors: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const dialog = await open(canvasElement);
    const endField = dialog.getByLabelText(/^End/);
    await userEvent.clear(endField);
    await userEvent.type(endField, '1:40:00');
    await userEvent.click(dialog.getByRole('button', { name: 'Create clip' }));
    await expect(endField).toHaveAccessibleDescription(/Your clip duration is longer than the end time/);
    await expect(dialog.getByText('Please fill in the input field.')).toBeVisible();
    await expect(dialog.getByText('Please select tag')).toBeVisible();
  },
};

/** A refusal of the server ({ message, field }) shows at the field it names. */
export const ServerRefusal: Story = {
  parameters: { clipsWatchRoutes: { 'POST /clip': () => ({ status: 422, json: { message: 'Please select tag', field: 'tags' } }) } },
  play: async ({ canvasElement, userEvent }) => {
    const dialog = await open(canvasElement);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Clip name' }), 'Top corner');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Tag' }), 'Goal');
    await userEvent.click(dialog.getByRole('button', { name: 'Create clip' }));
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Tag' })).toHaveAccessibleDescription('Please select tag'));
  },
};

/** A clip the server could not make: the reason in words the viewer can act on. */
export const Failed: Story = {
  parameters: {
    clipsWatchRoutes: {
      'POST /clip': () => ({ json: { data: clip() } }),
      'GET /clips/event/7': () => listOf([clip({ status: 'failed', failure_reason: 'The recording has no picture at that moment. Pick another.' })]),
    },
  },
  play: async ({ canvasElement, userEvent }) => {
    const dialog = await open(canvasElement);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Clip name' }), 'Top corner');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Tag' }), 'Goal');
    await userEvent.click(dialog.getByRole('button', { name: 'Create clip' }));
    await expect(await dialog.findByText(/could not be made: The recording has no picture/)).toBeVisible();
  },
};

/** A visitor learns why and finds the way to log in. */
export const Visitor: Story = {
  parameters: { user: null, clipsWatchRoutes: { 'GET /clips/options': () => ({ json: { data: clipOptions({ can_clip: false, reason: 'login', clips_left: null }) } }) } },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(dialog.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  },
};

export const NoCapability: Story = {
  parameters: { clipsWatchRoutes: { 'GET /clips/options': () => ({ json: { data: clipOptions({ can_clip: false, reason: 'capability' }) } }) } },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(dialog.getByText('Your account cannot cut clips on this channel.')).toBeVisible();
  },
};

export const NoClipsLeft: Story = {
  parameters: { clipsWatchRoutes: { 'GET /clips/options': () => ({ json: { data: clipOptions({ can_clip: false, reason: 'limit', clips_left: 0 }) } }) } },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(dialog.getByRole('link', { name: 'My clips' })).toHaveAttribute('href', '/profile/clips');
  },
};
