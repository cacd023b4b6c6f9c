import type { OperatorRole } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../accounts/index.ts';
import { SESSION_COOKIE } from './auth.ts';
import { upsertOperatorWithRole } from './repository.ts';

/** Test helpers: operators made straight in the database, and console calls on a channel's host with its own Origin. */
export const TEST_PASSWORD = 'operator-password-1';
let passwordHash: Promise<string> | undefined;

export async function makeOperator(app: FastifyInstance, email: string, roles: Array<[channelId: number, role: OperatorRole]>): Promise<number> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  let id = 0;
  for (const [channelId, role] of roles) {
    id = (await upsertOperatorWithRole(app.db, { email, name: email.split('@')[0]!, passwordHash: await passwordHash, channelId, role })).operator.id;
  }
  return id;
}

export function hostOf(slug: string): string {
  return `${slug}.localhost`;
}

export interface ConsoleCall {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  /** The cookie's value, or a bearer token (`gsc_…`). */
  credential?: string;
  /** Default: the host's own origin. null: no Origin header. */
  origin?: string | null;
}

export function consoleCall(app: FastifyInstance, slug: string, call: ConsoleCall): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: hostOf(slug) };
  const origin = call.origin === undefined ? `http://${hostOf(slug)}` : call.origin;
  if (origin !== null) headers.origin = origin;
  if (call.credential?.startsWith('gsc_')) headers.authorization = `Bearer ${call.credential}`;
  else if (call.credential !== undefined) headers.cookie = `${SESSION_COOKIE}=${call.credential}`;
  return app.inject({ method: call.method, url: `/api/console${call.url}`, headers, ...(call.payload === undefined ? {} : { payload: call.payload as object }) });
}

/** The session cookie's value from a sign-in's answer. */
export function cookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header ?? '']).find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error(`no session cookie (${response.statusCode}: ${response.body})`);
  return line.slice(SESSION_COOKIE.length + 1).split(';', 1)[0]!;
}

export async function signIn(app: FastifyInstance, slug: string, email: string, extra: { code?: string; password?: string } = {}): Promise<string> {
  const response = await consoleCall(app, slug, { method: 'POST', url: '/session', payload: { email, password: extra.password ?? TEST_PASSWORD, ...(extra.code ? { code: extra.code } : {}) } });
  return cookieOf(response);
}
