import { axe } from '@grandstand/vitest-config/axe';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test/renderSite.tsx';
import { ReloadScreen } from './ReloadScreen.tsx';

describe('ReloadScreen (spec §2)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the WHOOPS texts and locks Reload page for 60 seconds', async () => {
    const onReload = vi.fn(() => Promise.resolve());
    // The countdown's timers are faked from the first render on; i18n is set up before them.
    const { container, rerender } = await renderSite(<div />);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    rerender(<ReloadScreen onReload={onReload} />);

    expect(screen.getByRole('heading', { name: 'WHOOPS!' })).toBeInTheDocument();
    expect(
      screen.getByText('Apologies! Our service is currently experiencing technical difficulties. Please refresh the page'),
    ).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Reload page' });
    expect(button).toBeDisabled();

    await act(() => vi.advanceTimersByTime(59_000));
    expect(button).toBeDisabled();
    expect(screen.getByText('You can reload in 1 s')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(1000));
    expect(button).toBeEnabled();

    await act(() => button.click());
    expect(onReload).toHaveBeenCalledTimes(1);
    vi.useRealTimers(); // axe schedules its own work with timers
    expect(await axe(container)).toHaveNoViolations();
  });
});
