import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AnalyticsAppOptions, buildAnalyticsApp } from '../src/app.ts';
import { profilesFrom } from '../src/profiles.ts';
import { openStore, type Store, type StoreOptions } from '../src/storage/store.ts';

export const NORTHFIELD_KEY = 'nfsn-web-test0001';
export const LAURENTIDES_KEY = 'ldl-web-test0002';
export const SECRET = 'test-secret-of-at-least-thirty-two-chars';
export const ADMIN_TOKEN = 'admin-token-for-the-tests-0123456789';

export const profiles = profilesFrom({ northfield: [NORTHFIELD_KEY], laurentides: [LAURENTIDES_KEY] });

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  close(): Promise<void>;
}

export async function testApp(storeOptions: Partial<StoreOptions> = {}, appOptions: Partial<AnalyticsAppOptions> = {}): Promise<TestApp> {
  const store = appOptions.store ?? (await openStore({ path: ':memory:', ...storeOptions }));
  const app = await buildAnalyticsApp({ profiles, secret: SECRET, adminToken: ADMIN_TOKEN, ...appOptions, store });
  await app.ready();
  return {
    app,
    store,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/** A session hash from the service, as the site gets one. */
export async function sessionFor(app: FastifyInstance, profile: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/datalake/hash/?profile=${profile}` });
  if (response.statusCode !== 200) throw new Error(`hash: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: string }).data;
}

export function post(app: FastifyInstance, url: string, body: unknown, contentType = 'application/json') {
  return app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload: typeof body === 'string' ? body : JSON.stringify(body) });
}

export async function rows(store: Store, where = 'TRUE'): Promise<Record<string, unknown>[]> {
  const reader = await store.connection.runAndReadAll(`SELECT * FROM events WHERE ${where} ORDER BY received_at`);
  return reader.getRowObjectsJson() as Record<string, unknown>[];
}

export async function count(store: Store, where = 'TRUE'): Promise<number> {
  const reader = await store.connection.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM events WHERE ${where}`);
  return reader.getRowObjectsJS()[0]!['n'] as number;
}

export function tempDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'grandstand-analytics-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const visitPage = { user_id: null, user_email: null, event: 'visit_page', extras: {}, origin_url: 'https://northfield.example/events' };
export const firstFrame = { video_view_uuid: 'view-1', stream_id: 42, stream_type: 'live', event: 'first_frame', ttff_ms: 850 };
export const viewing = { video_view_uuid: 'view-1', stream_id: 42, stream_type: 'live', viewing_time: 30, sport: 'Hockey', team: 'Northfield Owls' };
export const sessionBody = { device_type: 'desktop', user_agent: 'Mozilla%2F5.0', resolution: '1920x1080', platform: 'web' };
