import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleEvent, consoleLive, liveHealth, liveRoutes, POSTER, scheduleApi } from '../../test/fixtures.ts';
import { renderSchedule } from '../../test/renderSchedule.tsx';
import { formatDuration, parseDuration } from './duration.ts';
import { LIVE_POLL_MS } from './LivePage.tsx';

const NAME = 'Lakeside Otters @ Northfield Falcons';
const KEY = 'gs_live_9rT2kQx7mVbN4cYp8wZ1';

/** The event's calls and its live screen's, over `live`, the screen open at `/events/501/live`. */
async function openLive(live = consoleLive(), options: { role?: 'owner' | 'producer' | 'support'; language?: string } = {}) {
  const schedule = scheduleApi([consoleEvent({ streamStatus: live.state === 'idle' ? 'upcoming' : 'live' })]);
  const screenCalls = liveRoutes(live);
  const rendered = await renderSchedule({ route: '/events/501/live', routes: { ...schedule.routes, ...screenCalls.routes }, ...options });
  return { ...rendered, sent: screenCalls.sent, live: screenCalls.live };
}

function field(name: string): HTMLElement {
  const term = screen.getByText(name, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('LivePage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the encoder’s Server and a hidden Stream key, copies each, shows the key on request, and says SRT is not offered', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { container } = await openLive();

    expect(await screen.findByRole('heading', { level: 1, name: NAME })).toBeInTheDocument();
    expect(screen.getByText('Waiting for the camera')).toBeInTheDocument();
    expect(screen.getByText(/No camera is publishing yet/)).toBeInTheDocument();
    expect(field('Server')).toHaveTextContent('rtmp://ingest.example.org:1935/live');
    // Hidden until asked: neither on screen nor in the page's text.
    expect(container).not.toHaveTextContent(KEY);
    expect(field('Stream key')).toHaveTextContent('Hidden');
    expect(field('SRT')).toHaveTextContent('Not offered by this ingest: use RTMP.');
    expect(await axe(container)).toHaveNoViolations();

    await user.click(screen.getByRole('button', { name: 'Copy the server' }));
    expect(writeText).toHaveBeenLastCalledWith('rtmp://ingest.example.org:1935/live');
    expect(await screen.findByText('The server is copied.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy the stream key' }));
    expect(writeText).toHaveBeenLastCalledWith(KEY);
    expect(await screen.findByText('The stream key is copied.')).toBeInTheDocument();
    expect(container).not.toHaveTextContent(KEY);

    const show = screen.getByRole('button', { name: 'Show the stream key' });
    await user.click(show);
    expect(field('Stream key')).toHaveTextContent(KEY);
    expect(screen.getByRole('button', { name: 'Hide the stream key' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(container).not.toHaveTextContent(KEY);
    // Waiting for the camera: nothing to end yet, no recording yet.
    expect(screen.queryByRole('button', { name: 'End event' })).toBeNull();
    expect(screen.getByText('The recording is made from the live stream when the event ends.')).toBeInTheDocument();
  });

  it('says so when the browser refuses the copy, the values staying selectable', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    await openLive();
    await user.click(await screen.findByRole('button', { name: 'Copy the server' }));
    expect(await screen.findByRole('alert', { name: '' })).toHaveTextContent('This browser did not allow copying');
  });

  it('replaces the stream key only once confirmed, then shows the new one', async () => {
    const user = userEvent.setup();
    const { sent } = await openLive();
    const rotate = await screen.findByRole('button', { name: 'New stream key' });

    await user.click(rotate);
    const dialog = screen.getByRole('dialog', { name: 'Replace the stream key?' });
    expect(dialog).toHaveAccessibleDescription(/stops working at once/);
    expect(await axe(dialog)).toHaveNoViolations();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(0);

    await user.click(rotate);
    await user.click(screen.getByRole('button', { name: 'Replace the key' }));
    expect(await screen.findByText('A new stream key is in place. Give it to the encoder.')).toBeInTheDocument();
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/console/events/501/live/key']);
    await user.click(screen.getByRole('button', { name: 'Show the stream key' }));
    expect(field('Stream key')).toHaveTextContent('gs_live_rotated1Hs8dK2pLq0');
  });

  it('shows a live signal’s health: bitrate, frame rate, resolution, keyframe interval, audio and viewers now', async () => {
    const { container } = await openLive(consoleLive({ state: 'live', since: '2026-09-13T00:00:00.000Z', health: liveHealth() }));
    expect(await screen.findByText('Live', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText(/Viewers are watching the camera's signal since/)).toBeInTheDocument();
    const health = screen.getByRole('region', { name: 'Stream health' });
    expect(within(health).getByText('Incoming bitrate').nextElementSibling).toHaveTextContent('3,200 kb/s');
    expect(within(health).getByText('Frame rate').nextElementSibling).toHaveTextContent('30 fps');
    expect(within(health).getByText('Resolution').nextElementSibling).toHaveTextContent('1280×720');
    expect(within(health).getByText('Keyframe interval').nextElementSibling).toHaveTextContent('1 s');
    expect(within(health).getByText('Audio').nextElementSibling).toHaveTextContent('Present');
    expect(within(health).getByText('Viewers now').nextElementSibling).toHaveTextContent('42');
    expect(within(health).getByRole('alert', { name: 'Warnings' })).toBeEmptyDOMElement();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('warns of a keyframe interval over 2 s and of a fallen bitrate, as they come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const live = consoleLive({ state: 'live', since: '2026-09-13T00:00:00.000Z', health: liveHealth() });
    const { container } = await openLive(live);
    const warnings = await screen.findByRole('alert', { name: 'Warnings' });
    expect(warnings).toBeEmptyDOMElement();

    // The encoder is set to a keyframe every 4 s and its upload weakens: the next reading, 2 s on, says so.
    live.health = liveHealth({ keyframeIntervalS: 4, bitrateKbps: 900, warnings: ['keyframe_interval', 'bitrate_drop'] });
    await vi.advanceTimersByTimeAsync(LIVE_POLL_MS.active);
    await waitFor(() => expect(within(warnings).getAllByRole('listitem')).toHaveLength(2));
    expect(warnings).toHaveTextContent('Keyframes come every 4 s: set the encoder\'s keyframe interval to 2 s or less');
    expect(warnings).toHaveTextContent('The incoming bitrate has fallen under half its usual level');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('tells a lost signal’s grace period, and ends the event only once confirmed', async () => {
    const user = userEvent.setup();
    const { sent } = await openLive(
      consoleLive({ state: 'lost', since: '2026-09-13T00:00:00.000Z', lostAt: '2026-09-13T00:20:00.000Z', graceEndsAt: '2026-09-13T00:22:00.000Z', health: liveHealth() }),
    );
    expect(await screen.findByText('Signal lost')).toBeInTheDocument();
    expect(screen.getByText(/Viewers see “Back in a moment”; unless the camera reconnects, the event ends at/)).toBeInTheDocument();

    const end = screen.getByRole('button', { name: 'End event' });
    await user.click(end);
    const dialog = screen.getByRole('dialog', { name: `End “${NAME}”?` });
    expect(dialog).toHaveAccessibleDescription(/This cannot be undone/);
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(sent).toHaveLength(0);
    expect(end).toHaveFocus();

    await user.click(end);
    await user.click(screen.getByRole('button', { name: 'End the event' }));
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/console/events/501/live/end']);
    expect(await screen.findByText('Ending')).toBeInTheDocument();
    expect(screen.getByText('Preparing the recording…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End event' })).toBeNull();
  });

  it('shows the ready recording with its poster and length, and trims its start and end', async () => {
    const user = userEvent.setup();
    const { sent, container } = await openLive(
      consoleLive({ state: 'ended', recording: { status: 'ready', durationS: 5400, trimStartS: 0, trimEndS: 5400, posterUrl: POSTER } }),
    );
    const recording = await screen.findByRole('region', { name: 'Recording' });
    expect(within(recording).getByRole('img', { name: 'The recording\'s poster' })).toHaveAttribute('src', POSTER);
    expect(within(recording).getByText('Length').nextElementSibling).toHaveTextContent('1:30:00');
    expect(within(recording).getByText('Viewers see').nextElementSibling).toHaveTextContent('0:00 to 1:30:00');
    expect(await axe(container)).toHaveNoViolations();

    const start = within(recording).getByRole('textbox', { name: 'Start (h:mm:ss)' });
    const end = within(recording).getByRole('textbox', { name: 'End (h:mm:ss)' });
    await user.clear(start);
    await user.type(start, '1:40:00');
    await user.click(within(recording).getByRole('button', { name: 'Trim the recording' }));
    expect(end).toHaveAccessibleDescription(/The end must come after the start/);
    await user.clear(start);
    await user.type(start, 'soon');
    await user.click(within(recording).getByRole('button', { name: 'Trim the recording' }));
    expect(start).toHaveAccessibleDescription('Enter a time such as 1:05:30');
    expect(sent).toHaveLength(0);

    await user.clear(start);
    await user.type(start, '4:30');
    await user.clear(end);
    await user.type(end, '1:25:00{Enter}');
    expect(await screen.findByText('The recording now runs from 4:30 to 1:25:00.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/console/events/501/recording/trim', body: expect.objectContaining({ startS: 270, endS: 5100 }) });
    await waitFor(() => expect(within(recording).getByText('Viewers see').nextElementSibling).toHaveTextContent('4:30 to 1:25:00'));
  });

  it('sends a time left as shown exactly, not as rounded to the second on screen', async () => {
    const user = userEvent.setup();
    const { sent } = await openLive(consoleLive({ state: 'ended', recording: { status: 'ready', durationS: 15.895, trimStartS: 0, trimEndS: 15.895, posterUrl: null } }));
    const start = await screen.findByRole('textbox', { name: 'Start (h:mm:ss)' });
    expect(screen.getByRole('textbox', { name: 'End (h:mm:ss)' })).toHaveValue('0:16');
    await user.clear(start);
    await user.type(start, '0:04{Enter}');
    expect(await screen.findByText('The recording now runs from 0:04 to 0:16.')).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({ startS: 4, endS: 15.895 });
    // Over: no encoder settings or health any more.
    expect(screen.queryByRole('region', { name: 'Encoder settings' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Stream health' })).toBeNull();
  });

  it('shows the server’s refusal of a trim at the field it names', async () => {
    const user = userEvent.setup();
    const live = consoleLive({ state: 'ended', recording: { status: 'ready', durationS: 600, trimStartS: 0, trimEndS: 600, posterUrl: null } });
    const schedule = scheduleApi([consoleEvent({ streamStatus: 'finished' })]);
    await renderSchedule({
      route: '/events/501/live',
      routes: {
        ...schedule.routes,
        ...liveRoutes(live).routes,
        'POST /console/events/501/recording/trim': () => ({ status: 400, json: { message: 'endS is past the recording', field: 'endS', code: 'TRIM_OUT_OF_RANGE' } }),
      },
    });
    const end = await screen.findByRole('textbox', { name: 'End (h:mm:ss)' });
    await user.clear(end);
    await user.type(end, '9:59{Enter}');
    expect(await screen.findByText('The recording was not trimmed: The times must lie within the recording, the start before the end')).toBeInTheDocument();
    expect(end).toHaveAccessibleDescription(/The times must lie within the recording/);
  });

  it('says when the screen cannot be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    const live = consoleLive();
    const schedule = scheduleApi([consoleEvent()]);
    const routes = { ...schedule.routes, ...liveRoutes(live).routes };
    const answer = routes['GET /console/events/501/live']!;
    await renderSchedule({ route: '/events/501/live', routes: { ...routes, 'GET /console/events/501/live': (request) => (fail ? { status: 500, json: { message: 'down' } } : answer(request)) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The live control could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Waiting for the camera')).toBeInTheDocument();
  });

  it('shows support no stream key, and asks the server nothing for it', async () => {
    const { api } = await openLive(consoleLive(), { role: 'support' });
    expect(await screen.findByText('Only producers and owners see the stream key and run the live event.')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path.endsWith('/live'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Copy the stream key' })).toBeNull();
  });

  it('speaks French, health figures in its number format', async () => {
    await openLive(consoleLive({ state: 'live', since: '2026-09-13T00:00:00.000Z', health: liveHealth({ keyframeIntervalS: 4, warnings: ['keyframe_interval'] }) }), { language: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Réglages de l’encodeur' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copier la clé de stream' })).toBeInTheDocument();
    expect(screen.getByText('Débit entrant').nextElementSibling?.textContent?.replace(/\s/g, ' ')).toBe('3 200 kb/s');
    expect(screen.getByRole('alert', { name: 'Avertissements' })).toHaveTextContent('Les images clés arrivent toutes les 4 s');
    expect(screen.getByRole('button', { name: 'Terminer l’événement' })).toBeInTheDocument();
  });

  it('is reached from the events list and from the event’s form', async () => {
    const user = userEvent.setup();
    const { routes } = scheduleApi([consoleEvent()]);
    const { where } = await renderSchedule({ routes: { ...routes, ...liveRoutes(consoleLive()).routes } });
    const game = await screen.findByRole('listitem', { name: NAME });
    expect(within(game).getByRole('link', { name: `Live control of ${NAME}` })).toHaveAttribute('href', '/events/501/live');
    await user.click(within(game).getByRole('link', { name: `Edit ${NAME}` }));
    await user.click(await screen.findByRole('link', { name: 'Live control: stream key, health and recording' }));
    expect(where()).toBe('/events/501/live');
    expect(await screen.findByText('Waiting for the camera')).toBeInTheDocument();
  });
});

describe('recording times', () => {
  it('are written as a clock reads them and read back as producers type them', () => {
    expect([0, 59.6, 270, 3599, 5400].map(formatDuration)).toEqual(['0:00', '1:00', '4:30', '59:59', '1:30:00']);
    expect(['90', '90.5', '4:30', '95:00', '1:05:30', ' 0:00:07 '].map(parseDuration)).toEqual([90, 90.5, 270, 5700, 3930, 7]);
    expect(['', 'soon', '1:75', '1:60:00', '-5', '1:2:3', ':30'].map(parseDuration)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
