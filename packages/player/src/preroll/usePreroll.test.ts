import type { Preroll } from '@grandstand/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prerollSeenKey } from './prerolls.ts';
import { usePreroll, type PrerollSettings, type PrerollStorage } from './usePreroll.ts';

const a: Preroll = { id: 1, url: '/media/prerolls/a.m3u8', weight: 1, location_id: null, event_categories: [], for_vod: true, for_live: true };
const b: Preroll = { ...a, id: 2, url: '/media/prerolls/b.m3u8' };
const target = { location_id: null, categories: [] };

function memoryStorage(): PrerollStorage & { entries: Map<string, [unknown, number | undefined]> } {
  const entries = new Map<string, [unknown, number | undefined]>();
  return {
    entries,
    get: <T,>(key: string) => (entries.get(key)?.[0] ?? null) as T | null,
    set: (key, value, lifeMs) => void entries.set(key, [value, lifeMs]),
  };
}

describe('usePreroll', () => {
  it('waits for the settings, then picks once: a re-render never swaps the preroll', () => {
    const storage = memoryStorage();
    let draw = 0;
    const random = () => [0, 0.9][draw++ % 2]!;
    const { result, rerender } = renderHook((settings: PrerollSettings<Preroll> | undefined) => usePreroll({ settings, subject: '9', target, live: true, storage, random }), {
      initialProps: undefined,
    });
    expect(result.current.preroll).toBeUndefined();
    rerender({ prerolls: [a, b], preroll_time: 60_000 });
    expect(result.current.preroll).toBe(a);
    rerender({ prerolls: [b], preroll_time: 60_000 });
    expect(result.current.preroll).toBe(a);
  });

  it('plays none when told so, and none this viewer has seen for this subject', () => {
    const storage = memoryStorage();
    expect(renderHook(() => usePreroll({ settings: null, subject: '9', target, live: true, storage })).result.current.preroll).toBeNull();
    storage.set(prerollSeenKey('vod:12', 1), true);
    const settings = { prerolls: [a], preroll_time: 60_000 };
    expect(renderHook(() => usePreroll({ settings, subject: 'vod:12', target, live: false, storage })).result.current.preroll).toBeNull();
    expect(renderHook(() => usePreroll({ settings, subject: 'vod:13', target, live: false, storage })).result.current.preroll).toBe(a);
  });

  it('hides a preroll played to its end for the preroll time, and not one skipped or cut short', () => {
    const storage = memoryStorage();
    const { result } = renderHook(() => usePreroll({ settings: { prerolls: [a], preroll_time: 60_000 }, subject: '9', target, live: true, storage }));
    act(() => result.current.onPrerollEnded({ completed: false }));
    expect(storage.entries.size).toBe(0);
    act(() => result.current.onPrerollEnded({ completed: true }));
    expect(storage.entries.get('preroll:9:1')).toEqual([true, 60_000]);
  });

  it('tells onSeen of a preroll played to its end (the server hides it on every device), and not of one cut short', () => {
    const storage = memoryStorage();
    const seen: number[] = [];
    const { result } = renderHook(() => usePreroll({ settings: { prerolls: [b], preroll_time: 60_000 }, subject: 'vod:12', target, live: false, storage, onSeen: (id) => seen.push(id) }));
    act(() => result.current.onPrerollEnded({ completed: false }));
    expect(seen).toEqual([]);
    act(() => result.current.onPrerollEnded({ completed: true }));
    expect(seen).toEqual([2]);
  });
});
