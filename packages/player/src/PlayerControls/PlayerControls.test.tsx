import { axe } from '@grandstand/vitest-config/axe';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { labels } from '../test/labels.ts';
import { renderThemed } from '@grandstand/test-kit';
import { PlayerControls, type PlayerControlsProps } from './PlayerControls.tsx';

function renderControls(overrides: Partial<PlayerControlsProps> = {}) {
  const props: PlayerControlsProps = {
    title: 'Eagles @ Falcons',
    labels,
    live: false,
    playing: false,
    currentTime: 62,
    seekRange: { start: 0, end: 600 },
    bufferedEnd: 90,
    volume: 0.5,
    muted: false,
    fullscreen: false,
    onPlay: vi.fn(),
    onPause: vi.fn(),
    onSeek: vi.fn(),
    onVolumeChange: vi.fn(),
    onToggleMute: vi.fn(),
    onToggleFullscreen: vi.fn(),
    onGoLive: vi.fn(),
    onRetry: vi.fn(),
    onQualityChange: vi.fn(),
    ...overrides,
  };
  const view = renderThemed(<PlayerControls {...props} />);
  return { ...view, props, player: screen.getByRole('region', { name: 'Eagles @ Falcons' }) };
}

describe('PlayerControls', () => {
  afterEach(() => vi.useRealTimers());

  it('names every control and shows the on-demand time', async () => {
    const { container, player } = renderControls();
    expect(player).toHaveAttribute('aria-roledescription', 'Video player');
    for (const name of ['Play', 'Mute', 'Full screen']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '1:02 / 10:00');
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuetext', '50%');
    expect(screen.getByText('1:02 / 10:00')).toBeInTheDocument();
    expect(screen.queryByText('LIVE')).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('runs each button', async () => {
    const user = userEvent.setup();
    const { props } = renderControls({ playing: true, muted: true, fullscreen: true });
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    await user.click(screen.getByRole('button', { name: 'Exit full screen' }));
    expect(props.onPause).toHaveBeenCalledOnce();
    expect(props.onToggleMute).toHaveBeenCalledOnce();
    expect(props.onToggleFullscreen).toHaveBeenCalledOnce();
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuetext', '0%');
  });

  it('seeks and sets the volume with the sliders', () => {
    const { props } = renderControls();
    fireEvent.change(screen.getByRole('slider', { name: 'Seek' }), { target: { value: '300' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Volume' }), { target: { value: '0.8' } });
    expect(props.onSeek).toHaveBeenCalledWith(300);
    expect(props.onVolumeChange).toHaveBeenCalledWith(0.8);
  });

  it('answers the keyboard shortcuts on the focused player', async () => {
    const user = userEvent.setup();
    const { props, player } = renderControls();
    player.focus();
    await user.keyboard(' ');
    await user.keyboard('k');
    expect(props.onPlay).toHaveBeenCalledTimes(2);
    await user.keyboard('{ArrowLeft}');
    expect(props.onSeek).toHaveBeenLastCalledWith(52);
    await user.keyboard('{ArrowRight}');
    expect(props.onSeek).toHaveBeenLastCalledWith(72);
    await user.keyboard('{ArrowUp}');
    expect(props.onVolumeChange).toHaveBeenLastCalledWith(0.6);
    await user.keyboard('{ArrowDown}');
    expect(props.onVolumeChange).toHaveBeenLastCalledWith(0.4);
    await user.keyboard('m');
    expect(props.onToggleMute).toHaveBeenCalledOnce();
    await user.keyboard('f');
    expect(props.onToggleFullscreen).toHaveBeenCalledOnce();
  });

  it('lets Space press a focused button once, not toggle twice', async () => {
    const user = userEvent.setup();
    const { props } = renderControls();
    screen.getByRole('button', { name: 'Mute' }).focus();
    await user.keyboard(' ');
    expect(props.onToggleMute).toHaveBeenCalledOnce();
    expect(props.onPlay).not.toHaveBeenCalled();
  });

  it('keeps seeking inside the window', async () => {
    const user = userEvent.setup();
    const { props, player } = renderControls({ currentTime: 4 });
    player.focus();
    await user.keyboard('{ArrowLeft}');
    expect(props.onSeek).toHaveBeenLastCalledWith(0);
  });

  it('at the live edge shows LIVE, no Back to live, and L does nothing', async () => {
    const user = userEvent.setup();
    const { props, player, container } = renderControls({ live: true, playing: true, currentTime: 698, seekRange: { start: 100, end: 700 } });
    expect(screen.getByText('LIVE')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to live' })).not.toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', 'LIVE');
    player.focus();
    await user.keyboard('l');
    expect(props.onGoLive).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('behind the live edge offers Back to live, by button and by L', async () => {
    const user = userEvent.setup();
    const { props, player } = renderControls({ live: true, playing: true, currentTime: 665, seekRange: { start: 100, end: 700 } });
    expect(screen.getByText('-0:35')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', 'LIVE -0:35');
    await user.click(screen.getByRole('button', { name: 'Back to live' }));
    player.focus();
    await user.keyboard('L');
    expect(props.onGoLive).toHaveBeenCalledTimes(2);
  });

  it('shows the error with Retry in place of the controls, and ignores shortcuts', async () => {
    const user = userEvent.setup();
    const { props, player, container } = renderControls({ failed: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Oops! We are currently experiencing technical difficulties');
    expect(screen.queryByRole('slider', { name: 'Seek' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalledOnce();
    player.focus();
    await user.keyboard(' ');
    expect(props.onPlay).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('blocks a second retry while one is under way', () => {
    renderControls({ failed: true, retrying: true });
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled();
  });

  it('during a preroll shows the ad label and the time left, with no way to seek or skip', async () => {
    const user = userEvent.setup();
    const { props, player, container } = renderControls({ preroll: true, playing: true, currentTime: 5, seekRange: { start: 0, end: 20 } });
    expect(screen.getByText('Ad')).toBeInTheDocument();
    expect(screen.getByText('0:15')).toBeInTheDocument();
    expect(screen.queryByRole('slider', { name: 'Seek' })).not.toBeInTheDocument();
    player.focus();
    await user.keyboard('{ArrowRight}');
    expect(props.onSeek).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('offers the qualities with Auto first', async () => {
    const user = userEvent.setup();
    const { props } = renderControls({ qualities: [{ id: 720, label: '720p' }, { id: 360, label: '360p' }] });
    const select = screen.getByRole('combobox', { name: 'Quality' });
    expect(select).toHaveValue('auto');
    await user.selectOptions(select, '360p');
    expect(props.onQualityChange).toHaveBeenCalledWith(360);
  });

  it('shows a loading status while waiting', () => {
    renderControls({ waiting: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading video');
  });

  it('hides the controls after 3 s of playing and brings them back on pointer move', () => {
    vi.useFakeTimers();
    const { player } = renderControls({ playing: true });
    const bar = () => screen.getByRole('button', { name: 'Pause' }).closest('div')?.parentElement;
    expect(bar()).toHaveStyle({ opacity: '1' });
    act(() => vi.advanceTimersByTime(3_000));
    expect(bar()).toHaveStyle({ opacity: '0' });
    fireEvent.pointerMove(player);
    expect(bar()).toHaveStyle({ opacity: '1' });
  });

  it('keeps the controls while focus is in them', () => {
    vi.useFakeTimers();
    renderControls({ playing: true });
    const pause = screen.getByRole('button', { name: 'Pause' });
    act(() => pause.focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(pause.closest('div')?.parentElement).toHaveStyle({ opacity: '1' });
  });

  it('keeps the controls while paused', () => {
    vi.useFakeTimers();
    renderControls({ playing: false });
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('button', { name: 'Play' }).closest('div')?.parentElement).toHaveStyle({ opacity: '1' });
  });

  it('shows the site\'s actions in the bar, not during a preroll nor after a failure; their keys stay theirs', async () => {
    const user = userEvent.setup();
    const onClip = vi.fn();
    const actions = (
      <button type="button" onClick={onClip}>
        Clip
      </button>
    );
    const { props, unmount, container } = renderControls({ actions });
    await user.click(screen.getByRole('button', { name: 'Clip' }));
    expect(onClip).toHaveBeenCalledOnce();
    // Space on the action presses it and does not also toggle play.
    screen.getByRole('button', { name: 'Clip' }).focus();
    await user.keyboard(' ');
    expect(onClip).toHaveBeenCalledTimes(2);
    expect(props.onPlay).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
    unmount();
    renderControls({ actions, preroll: true });
    expect(screen.queryByRole('button', { name: 'Clip' })).toBeNull();
    cleanup();
    renderControls({ actions, failed: true });
    expect(screen.queryByRole('button', { name: 'Clip' })).toBeNull();
  });
});
