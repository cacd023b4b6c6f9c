import { useCallback, useState } from 'react';
import { pickPreroll, prerollSeenKey, type PrerollChoice, type PrerollTarget } from './prerolls.ts';

/**
 * The prerolls that may play and how long a played one stays hidden: those the server handed out
 * with the stream (`stream.prerolls`: none for a viewer holding `no_ads`) and the settings' `preroll_time`.
 */
export interface PrerollSettings<Preroll extends PrerollChoice = PrerollChoice> {
  prerolls: readonly Preroll[];
  preroll_time: number;
}

/** Where the viewer's played prerolls are remembered (the store's client storage). */
export interface PrerollStorage {
  get<T>(key: string): T | null;
  set(key: string, value: unknown, lifeMs?: number): void;
}

export interface UsePrerollOptions<Preroll extends PrerollChoice> {
  /** The channel's prerolls; `undefined` while they load (nothing is picked yet); `null`: none plays. */
  settings: PrerollSettings<Preroll> | null | undefined;
  /** What plays after it, for the seen entry: an event's id, or `vod:` and an item's id. */
  subject: string;
  target: PrerollTarget;
  live: boolean;
  storage: PrerollStorage;
  /**
   * Told when a preroll was played to its end, beside the browser's store: a logged-in viewer's site
   * tells the server, which hides it for them and this subject on every device (spec §4).
   */
  onSeen?: ((prerollId: number) => void) | undefined;
  random?: () => number;
}

/**
 * The preroll before a stream (spec §4), picked once, the first time the settings are in: a
 * re-render must not swap it mid-play. `preroll` is `undefined` until then, and `null` when none
 * plays. Give `onPrerollEnded` to the Player: a preroll played to its end is hidden for this viewer
 * and subject for the preroll time.
 */
export function usePreroll<Preroll extends PrerollChoice>({ settings, subject, target, live, storage, onSeen, random = Math.random }: UsePrerollOptions<Preroll>) {
  const pick = (): Preroll | null | undefined => {
    if (settings === undefined) return undefined;
    if (settings === null) return null;
    return pickPreroll(settings.prerolls, target, live, (id) => storage.get(prerollSeenKey(subject, id)) === true, random);
  };
  const [preroll, setPreroll] = useState(pick);
  if (preroll === undefined && settings !== undefined) setPreroll(pick());

  const prerollTime = settings?.preroll_time;
  const onPrerollEnded = useCallback(
    ({ completed }: { completed: boolean }) => {
      if (!completed || !preroll) return;
      if (prerollTime !== undefined) storage.set(prerollSeenKey(subject, preroll.id), true, prerollTime);
      onSeen?.(preroll.id);
    },
    [preroll, prerollTime, storage, subject, onSeen],
  );
  return { preroll, onPrerollEnded };
}
