import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRecovery } from './recovery.ts';

function network(online = true) {
  const events = new EventTarget();
  const state = { online };
  return {
    events,
    isOnline: () => state.online,
    goOffline() {
      state.online = false;
      events.dispatchEvent(new Event('offline'));
    },
    goOnline() {
      state.online = true;
      events.dispatchEvent(new Event('online'));
    },
  };
}

describe('createRecovery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits while offline and reloads as soon as the network comes back', async () => {
    const net = network(false);
    const reload = vi.fn(() => Promise.resolve());
    const onRecovered = vi.fn();
    const recovery = createRecovery({ reload, onRecovered, events: net.events, isOnline: net.isOnline });
    recovery.failed();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reload).not.toHaveBeenCalled();
    net.goOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledOnce();
    expect(onRecovered).toHaveBeenCalledOnce();
    expect(recovery.isFailed).toBe(false);
  });

  it('retries on a backoff while online (the server may be the one down) until a reload works', async () => {
    const net = network(true);
    let failures = 2;
    const reload = vi.fn(() => (failures-- > 0 ? Promise.reject(new Error('down')) : Promise.resolve()));
    const onRecovered = vi.fn();
    const recovery = createRecovery({ reload, onRecovered, events: net.events, isOnline: net.isOnline, delaysMs: [1_000, 3_000] });
    recovery.failed();
    await vi.advanceTimersByTimeAsync(999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(reload).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(reload).toHaveBeenCalledTimes(3);
    expect(onRecovered).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('stops the backoff when the network drops', async () => {
    const net = network(true);
    const reload = vi.fn(() => Promise.resolve());
    const recovery = createRecovery({ reload, onRecovered: vi.fn(), events: net.events, isOnline: net.isOnline, delaysMs: [5_000] });
    recovery.failed();
    net.goOffline();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('retries at once when the viewer asks, and not twice at the same time', async () => {
    const net = network(true);
    const reload = vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 500)));
    const recovery = createRecovery({ reload, onRecovered: vi.fn(), events: net.events, isOnline: net.isOnline });
    recovery.failed();
    const first = recovery.retryNow();
    const second = recovery.retryNow();
    await vi.advanceTimersByTimeAsync(500);
    await Promise.all([first, second]);
    expect(reload).toHaveBeenCalledOnce();
    expect(recovery.isFailed).toBe(false);
  });

  it('restarts at once, leaving a reload still in flight, whose outcome is then not heard', async () => {
    const net = network(true);
    const outcomes: ((ok: boolean) => void)[] = [];
    const reload = vi.fn(() => new Promise<void>((resolve, reject) => outcomes.push((ok) => (ok ? resolve() : reject(new Error('refused'))))));
    const onRecovered = vi.fn();
    const recovery = createRecovery({ reload, onRecovered, events: net.events, isOnline: net.isOnline, delaysMs: [2_000] });
    recovery.failed();
    void recovery.retryNow();
    expect(reload).toHaveBeenCalledOnce();
    void recovery.restart();
    expect(reload).toHaveBeenCalledTimes(2);
    // The reload left behind fails: no backoff is started for it, the restarted one is awaited.
    outcomes[0]!(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(recovery.isFailed).toBe(true);
    outcomes[1]!(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(onRecovered).toHaveBeenCalledOnce();
    expect(recovery.isFailed).toBe(false);
  });

  it('does nothing when nothing failed, or after dispose', async () => {
    const net = network(true);
    const reload = vi.fn(() => Promise.resolve());
    const recovery = createRecovery({ reload, onRecovered: vi.fn(), events: net.events, isOnline: net.isOnline });
    net.goOnline();
    await recovery.retryNow();
    recovery.failed();
    recovery.dispose();
    net.goOnline();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reload).not.toHaveBeenCalled();
  });
});
