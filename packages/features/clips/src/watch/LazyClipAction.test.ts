import type { EventDetail } from '@grandstand/contract';
import type { PlayerHandle } from '@grandstand/player';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyClipAction } from './LazyClipAction.ts';

/** What `@grandstand/events`' `createWatchRoutes({ WatchActions })` hands its actions (its `WatchActionProps`). */
interface WatchActionProps {
  event: EventDetail;
  player: PlayerHandle;
}

describe('LazyClipAction', () => {
  it('is a lazy component the watch routes take as their actions, loading nothing until rendered', () => {
    // Compiles only while the control takes exactly what the watch page gives.
    const WatchActions: ComponentType<WatchActionProps> = LazyClipAction;
    expect((WatchActions as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
  });
});
