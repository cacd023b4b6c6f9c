// Operators: the control room's people, their roles per channel, sessions, TOTP, invitations,
// integration tokens and the audit log. Other modules guard their console calls with
// `requireConsole` and write their changes to the log with `recordAudit`.
export { default as operatorsPlugin, DEFAULT_CONSOLE_SESSION_SECONDS } from './plugin.ts';
export type { OperatorsOptions } from './plugin.ts';
export { registerConsoleRoutes } from './area.ts';
export { recordAudit, requireConsole, SESSION_COOKIE, TOKEN_PREFIX } from './auth.ts';
export type { AuditEntryInput, ConsoleActor, OperatorRole, RequireOptions } from './auth.ts';
export { operatorsMigrations } from './migration.ts';
export { secretBox, type SecretBox } from './totp.ts';
