import type { ConsoleOperator } from '@grandstand/contract';
import { createContext, useContext } from 'react';

/** The signed-in operator, given by the shell to every page under it. */
export const ConsoleOperatorContext = createContext<ConsoleOperator | null>(null);

/**
 * The operator signed in to this channel's control room: their name, role, channel and second
 * factor. Only inside the console's shell (its pages, and the sections other features bring).
 */
export function useConsoleOperator(): ConsoleOperator {
  const operator = useContext(ConsoleOperatorContext);
  if (!operator) throw new Error('useConsoleOperator is used outside the control room’s shell');
  return operator;
}

/** The channel of the host the control room is open on, as the app read it from its page. */
export interface ConsoleChannel {
  slug: string;
  name: string;
}

/** Given by the app: the pages outside the shell (sign-in, invitation) name the channel with it. */
export const ConsoleChannelContext = createContext<ConsoleChannel | null>(null);

/** The channel's name for the pages before sign-in; null when the app gave none. */
export function useConsoleChannel(): ConsoleChannel | null {
  return useContext(ConsoleChannelContext);
}
