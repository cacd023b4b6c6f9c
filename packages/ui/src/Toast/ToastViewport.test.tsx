import { axe } from '@grandstand/vitest-config/axe';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { ToastViewport, type ToastData } from './ToastViewport.tsx';

describe('ToastViewport', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const toasts: ToastData[] = [
    { id: 'a', message: 'Saved', type: 'success', duration: 3000 },
    { id: 'b', message: 'Payment failed', type: 'error', duration: 3000 },
    { id: 'c', message: 'Stream starts soon', type: 'info' },
  ];

  it('reads success and info politely and an error as an alert', async () => {
    const { container } = renderThemed(<ToastViewport toasts={toasts} onDismiss={() => {}} dismissLabel="Dismiss" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failed');
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual([expect.stringContaining('Saved'), expect.stringContaining('Stream starts soon')]);
    vi.useRealTimers();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('dismisses itself after its duration, 5000 ms by default (spec §4)', () => {
    const onDismiss = vi.fn();
    renderThemed(<ToastViewport toasts={toasts} onDismiss={onDismiss} dismissLabel="Dismiss" />);
    act(() => vi.advanceTimersByTime(2999));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss.mock.calls.map(([id]) => id)).toEqual(['a', 'b']);
    act(() => vi.advanceTimersByTime(2000));
    expect(onDismiss).toHaveBeenLastCalledWith('c');
  });

  it('waits while the pointer rests on it and resumes with the time left', () => {
    const onDismiss = vi.fn();
    renderThemed(<ToastViewport toasts={[toasts[0]!]} onDismiss={onDismiss} dismissLabel="Dismiss" />);
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.mouseEnter(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.mouseLeave(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(999));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledWith('a');
  });

  it('waits while focus is inside it and can be closed from the keyboard', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    renderThemed(<ToastViewport toasts={[{ id: 'x', message: 'Copied', type: 'info', duration: 200 }]} onDismiss={onDismiss} dismissLabel="Dismiss" />);
    await user.tab();
    const close = screen.getByRole('button', { name: 'Dismiss' });
    expect(close).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onDismiss).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onDismiss).toHaveBeenCalledWith('x');
  });
});
