import type { OperatorRole } from '@grandstand/contract';
import { createContext, useContext } from 'react';

/** The signed-in operator's role on this channel, given by the console around the schedule's routes. */
export const ScheduleRoleContext = createContext<OperatorRole | null>(null);

/** Owners and producers change events; support reads them (the server refuses their writes anyway). */
export function useCanWriteEvents(): boolean {
  const role = useContext(ScheduleRoleContext);
  return role === 'owner' || role === 'producer';
}
