import type { ExpiringStorage } from '@grandstand/api-client';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { clientOf } from './makeStore.ts';
import type { AppDispatch, RootState } from './makeStore.ts';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/**
 * The viewer's storage under the product prefix, with expiry (spec §9), for small client-side
 * memories such as a preroll already played (spec §4).
 *
 * @example
 * const storage = useClientStorage();
 * storage.set(`preroll:${eventId}:${prerollId}`, true, settings.preroll_time);
 */
export function useClientStorage(): ExpiringStorage {
  return clientOf(useStore()).storage;
}
