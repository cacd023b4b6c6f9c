import type { ConsoleOperator, OperatorRole } from '@grandstand/contract';
import { createContext, useContext, type ReactNode } from 'react';

/** The signed-in operator's role, as the console's shell hands it to the section's `Wrapper`. */
export const ReportsRoleContext = createContext<OperatorRole | null>(null);

/** Whether the operator may change the reports' settings (owners; analysts read). */
export function useMayEditReportSettings(): boolean {
  return useContext(ReportsRoleContext) === 'owner';
}

/** Tells the reports' views who is signed in (the console's section `Wrapper`). */
export function ReportsOperatorProvider({ role, children }: { role: OperatorRole; operator: ConsoleOperator; children: ReactNode }) {
  return <ReportsRoleContext value={role}>{children}</ReportsRoleContext>;
}
