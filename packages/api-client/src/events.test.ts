import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBus, createFailingUrls } from './events.ts';
import type { ApiClientEvent } from './events.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createEventBus', () => {
  it('tells every listener until it unsubscribes', () => {
    const bus = createEventBus();
    const seen: ApiClientEvent[] = [];
    const unsubscribe = bus.subscribe((event) => seen.push(event));
    bus.emit({ type: 'user-cleared' });
    unsubscribe();
    bus.emit({ type: 'user-cleared' });
    expect(seen).toEqual([{ type: 'user-cleared' }]);
  });

  it('keeps telling the others when a listener throws, and rethrows its error apart', () => {
    const deferred: (() => void)[] = [];
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) => deferred.push(task));
    const bus = createEventBus();
    const seen: string[] = [];
    bus.subscribe(() => {
      throw new Error('listener broke');
    });
    bus.subscribe((event) => seen.push(event.type));
    bus.emit({ type: 'user-cleared' });
    expect(seen).toEqual(['user-cleared']);
    expect(deferred).toHaveLength(1);
    expect(() => deferred[0]?.()).toThrow('listener broke');
  });
});

describe('createFailingUrls', () => {
  it('emits the whole set of failing calls on each change, and nothing when nothing changed', () => {
    const seen: ApiClientEvent[] = [];
    const setFailing = createFailingUrls((event) => seen.push(event));
    setFailing('/settings', false);
    setFailing('/settings', true);
    setFailing('/settings', true);
    setFailing('/events', true);
    setFailing('/settings', false);
    expect(seen).toEqual([
      { type: 'api-key-error', failingUrls: ['/settings'] },
      { type: 'api-key-error', failingUrls: ['/settings', '/events'] },
      { type: 'api-key-error', failingUrls: ['/events'] },
    ]);
  });
});
