import { afterEach, describe, expect, it } from 'vitest';
import { demoOperators } from '../src/reports/operators.ts';
import { NORTHFIELD_KEY, post, sessionFor, testApp, visitPage, type TestApp } from './helpers.ts';

// The service as `serve` builds it: the datalake calls and the operator's reports in one app, the
// reports reading what the calls stored.
describe('the service with its reports', () => {
  let service: TestApp | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it('serves the reports sign-in beside the calls, and a stored visit is in the operator view', async () => {
    service = await testApp(
      {},
      {
        reports: {
          operators: demoOperators(),
          channels: [
            { slug: 'northfield', name: 'Northfield Schools Network' },
            { slug: 'laurentides', name: 'Ligue des Laurentides' },
          ],
          secret: 'reports-secret-of-at-least-32-chars',
          rollups: { prewarm: false },
        },
      },
    );
    const { app } = service;
    const login = await app.inject({ method: 'GET', url: '/reports/login' });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toMatch(/^text\/html/);

    const session = await sessionFor(app, NORTHFIELD_KEY);
    const stored = await post(app, '/datalake/video/event/', { profile: NORTHFIELD_KEY, session_uuid: session, video_view_uuid: 'v-1', stream_id: 7, stream_type: 'vod', event: 'first_frame', ttff_ms: 420 });
    expect(stored.statusCode).toBe(200);
    expect((await post(app, '/datalake/event/', { profile: NORTHFIELD_KEY, session_uuid: session, ...visitPage })).statusCode).toBe(200);

    // The sign-in posts from the page's own origin (the reports refuse any other).
    const signIn = await app.inject({
      method: 'POST',
      url: '/reports/login',
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'content-type': 'application/json' },
      payload: { email: 'ops@northfield.test', password: 'northfield-reports-demo' },
    });
    expect(signIn.statusCode).toBeLessThan(400);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const summary = await app.inject({ method: 'GET', url: '/reports/api/northfield/summary', headers: { cookie, host: 'localhost:80' } });
    expect(summary.statusCode).toBe(200);
    expect(JSON.stringify(summary.json())).toContain('"views":1');
    const other = await app.inject({ method: 'GET', url: '/reports/api/laurentides/summary', headers: { cookie, host: 'localhost:80' } });
    expect(other.statusCode).toBe(404);
  });
});
