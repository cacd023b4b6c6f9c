import { resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies } from './trustProxy.ts';

/**
 * The parts a service's environment schema is made of. A service reads its whole environment once,
 * at start, through one zod object of these (`parseEnv`); a bad value stops the start with a
 * message that begins with the variable's name, and a blank value is the same as an unset one.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A bad environment: the message names each variable at fault, one per line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Unset and blank are the same: every default applies to both. */
export const unsetIfBlank = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A variable's schema, with blank read as unset. */
export const variable = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfBlank, schema);

/** `(got "value")`, for an error message that may quote what was given (never for a secret). */
export const got = (issue: { input?: unknown }): string => `(got "${String(issue.input)}")`;

/** A folder or file, resolved against the working directory; `fallback` when unset. */
export const path = (fallback: string) => variable(z.string().optional()).transform((value) => resolve(value ?? fallback));

/** A TCP port, 0 to 65535 (0: one the system picks). */
export function port(fallback: number) {
  return variable(z.string().optional()).transform((value, ctx) => {
    if (value === undefined) return fallback;
    if (/^\d{1,5}$/.test(value) && Number(value) <= 65535) return Number(value);
    ctx.addIssue({ code: 'custom', message: `must be a port number, 0 to 65535 (got "${value}")` });
    return z.NEVER;
  });
}

/** `LOG_LEVEL`: one of pino's levels, `info` by default. */
export function logLevel(fallback: LogLevel = 'info') {
  return variable(z.enum(LOG_LEVELS, { error: (issue) => `must be one of ${LOG_LEVELS.join(', ')} ${got(issue)}` }).default(fallback));
}

/** A whole number (digits only) of at least `min`, and at most `max` when given; a safe integer in any case. */
export function wholeNumber(fallback: number, min: number, max?: number) {
  const range = max === undefined ? `of at least ${min}` : `from ${min} to ${max}`;
  return variable(z.string().optional()).transform((raw, ctx) => {
    if (raw === undefined) return fallback;
    const value = Number(raw.trim());
    if (!/^[0-9]{1,15}$/.test(raw.trim()) || value < min || (max !== undefined && value > max) || !Number.isSafeInteger(value)) {
      ctx.addIssue({ code: 'custom', message: `must be a whole number ${range} (got "${raw}")` });
      return z.NEVER;
    }
    return value;
  });
}

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `1500`, `1500ms`, `45s`, `30m`, `12h`, `30d`, in milliseconds. */
export function duration(fallback: number, { zeroAllowed }: { zeroAllowed: boolean }) {
  const problem = `must be a ${zeroAllowed ? '' : 'positive '}duration such as 30d, 12h, 15m, 45s or milliseconds`;
  return variable(z.string().optional()).transform((raw, ctx) => {
    if (raw === undefined) return fallback;
    const match = /^(\d{1,15})\s*(ms|s|m|h|d)?$/.exec(raw.trim());
    const value = match ? Number(match[1]) * UNITS[match[2] ?? 'ms']! : Number.NaN;
    if (!Number.isSafeInteger(value) || (value === 0 && !zeroAllowed)) {
      ctx.addIssue({ code: 'custom', message: `${problem}, not "${raw}"` });
      return z.NEVER;
    }
    return value;
  });
}

/** Exactly `on` or `off` (default `off`), as a boolean. */
export function onOff(on: string, off: string) {
  return variable(z.enum([on, off] as [string, string], { error: (issue) => `must be ${on} or ${off} ${got(issue)}` }).default(off)).transform((value) => value === on);
}

/**
 * `TRUST_PROXY`: `10.0.0.0/8,::1,loopback`, each entry an address, a CIDR or one of proxy-addr's
 * range names. Unset trusts no proxy (`false`): X-Forwarded-For is ignored.
 */
export function trustProxy() {
  return variable(z.string().optional()).transform((value, ctx): string[] | false => {
    const { proxies, bad } = parseTrustedProxies(value);
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not an address or CIDR: ${bad.join(', ')} (a comma list, e.g. 10.0.0.0/8,127.0.0.1)` });
      return z.NEVER;
    }
    return proxies;
  });
}

/** One `ConfigError` naming every variable at fault, one per line, in the schema's order. */
export function configError(issues: readonly z.core.$ZodIssue[]): ConfigError {
  return new ConfigError(issues.map((issue) => `${issue.path.map(String).join('.') || 'environment'}: ${issue.message}`).join('\n'));
}

/** The environment parsed by `schema`, or a thrown `ConfigError` naming every variable at fault. */
export function parseEnv<T extends z.ZodType>(schema: T, env: unknown): z.output<T> {
  const result = schema.safeParse(env);
  if (!result.success) throw configError(result.error.issues);
  return result.data;
}
