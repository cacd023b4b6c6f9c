// What the Node services (apps/server, apps/analytics) share. Node-only: the site never imports it.
export { type CliOptions, type CliProcess, runCli, serviceLog, stopOnSignals, type StopOptions } from './cli.ts';
export {
  configError,
  ConfigError,
  duration,
  got,
  LOG_LEVELS,
  type LogLevel,
  logLevel,
  onOff,
  parseEnv,
  path,
  port,
  trustProxy,
  unsetIfBlank,
  variable,
  wholeNumber,
} from './env.ts';
export { readCookie } from './cookies.ts';
export { BODY_ERRORS, type ErrorAnswer, errorHandler, type ErrorHandlerOptions, frameworkErrors, INTERNAL_ERROR_MESSAGE, notFoundHandler, type NotFoundOptions } from './errors.ts';
export { healthRoute, type HealthRouteOptions } from './health.ts';
export { type PeriodicOptions, schedulePeriodic } from './jobs.ts';
export { loadOrCreateSecret, MIN_STORED_SECRET_LENGTH } from './secrets.ts';
export { isTrustedProxyEntry, parseTrustedProxies, PROXY_RANGE_NAMES } from './trustProxy.ts';
