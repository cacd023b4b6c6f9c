export { createConsoleRoutes, ownerSections } from './routes.tsx';
export type { ConsoleSection } from './section.ts';
export { CONSOLE_BASE, CONSOLE_PATHS } from './paths.ts';
export { consoleNamespace } from './namespace.ts';
export { ConsoleChannelContext, ConsoleOperatorContext, useConsoleChannel, useConsoleOperator } from './shared/operator.tsx';
export type { ConsoleChannel } from './shared/operator.tsx';
export { consoleCodeOf, consoleFieldOf, useConsoleErrorText } from './shared/errors.ts';
export { CONSOLE_LANGUAGE_KEY, LanguageSwitch } from './shell/LanguageSwitch.tsx';
export { ConsoleShell, sectionsFor } from './shell/ConsoleShell.tsx';
export type { ConsoleShellProps } from './shell/ConsoleShell.tsx';
export {
  CONSOLE_TAG_TYPES,
  consoleApi,
  useAcceptInvitationMutation,
  useChangeRoleMutation,
  useCreateTokenMutation,
  useDisableTotpMutation,
  useEnableTotpMutation,
  useGetAuditQuery,
  useGetConsoleSessionQuery,
  useGetInvitationQuery,
  useGetInvitationsQuery,
  useGetOperatorsQuery,
  useGetSecurityQuery,
  useGetTokensQuery,
  useInviteMutation,
  useRemoveOperatorMutation,
  useRevokeTokenMutation,
  useSignInMutation,
  useSignOutMutation,
  useStartTotpSetupMutation,
  useUpdateSecurityMutation,
  useWithdrawInvitationMutation,
} from './consoleApi.ts';
export { SignInPage } from './views/SignInPage.tsx';
export { InvitationPage } from './views/InvitationPage.tsx';
export { HomePage } from './views/HomePage.tsx';
export { TwoStepPage } from './views/TwoStepPage.tsx';
export { OperatorsPage } from './views/OperatorsPage.tsx';
export { SecurityPage } from './views/SecurityPage.tsx';
export { TokensPage } from './views/TokensPage.tsx';
export { AuditPage } from './views/AuditPage.tsx';
