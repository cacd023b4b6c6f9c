import type { FavoritableType } from '@grandstand/contract';
import type { FollowControlProps } from './types.ts';

/** What a visitor pressed before logging in, kept for the tab until the login brings them back. */
export type FollowWish = Pick<FollowControlProps, 'kind' | 'id' | 'name'>;

const KEY = 'grandstand:favourites:wish';
/** spec §3 favoritable types, as a plain list: the entry carries no schema library for one check. */
const KINDS: readonly string[] = ['participant', 'group', 'category'] satisfies FavoritableType[];
/** A name from storage is shown in a toast: keep it to what a team's name can be. */
const MAX_NAME = 200;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage refused (a private mode): the wish is simply not kept.
    return null;
  }
}

export function rememberWish(wish: FollowWish): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ kind: wish.kind, id: wish.id, name: wish.name }));
  } catch {
    // Full or refused storage: the viewer presses the star again after logging in.
  }
}

/** The remembered wish as stored (a stable string for `useSyncExternalStore`), or null. */
export function storedWish(): string | null {
  try {
    return storage()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/** A stored wish, or null; anything another script or an old version wrote reads as none. */
export function parseWish(raw: string | null): FollowWish | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof FollowWish, unknown>>;
    const { kind, id, name } = value;
    if (typeof kind !== 'string' || !KINDS.includes(kind) || typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
    if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME) return null;
    return { kind: kind as FavoritableType, id, name };
  } catch {
    return null;
  }
}

/** The remembered wish, or null. */
export function readWish(): FollowWish | null {
  return parseWish(storedWish());
}

export function forgetWish(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing more to do: a wish that cannot be removed is made again idempotently (spec §7).
  }
}
