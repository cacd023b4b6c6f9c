import type { ConsoleOperator, OperatorRole } from '@grandstand/contract';
import { createContext, useContext, type ReactNode } from 'react';

/** The signed-in operator, as the console's shell hands it to the sections' `Wrapper`. */
export const ChannelsOperatorContext = createContext<ConsoleOperator | null>(null);

/** The operator signed in to the control room: their channel's name, and whether they run the platform. */
export function useChannelsOperator(): ConsoleOperator {
  const operator = useContext(ChannelsOperatorContext);
  if (!operator) throw new Error('useChannelsOperator is used outside ChannelsOperatorProvider (the console gives it to its sections)');
  return operator;
}

/** Tells the channel views who is signed in (the console's section `Wrapper`). */
export function ChannelsOperatorProvider({ operator, children }: { role: OperatorRole; operator: ConsoleOperator; children: ReactNode }) {
  return <ChannelsOperatorContext value={operator}>{children}</ChannelsOperatorContext>;
}
