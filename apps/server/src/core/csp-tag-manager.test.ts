import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_CONNECT, TAG_MANAGER_ORIGIN } from './security.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

// The tag manager runs whatever its container holds with the page's reach, the session key in
// localStorage included: only a channel that sets a tracking id lets its host into the policy.
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

function policy(response: { headers: Record<string, unknown> }): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('the tag manager in the content security policy', () => {
  it('is allowed on a channel with a tracking id (alpha), on its pages and its errors alike', async () => {
    for (const url of ['/', '/watch/1', '/api/menu']) {
      const directives = policy(await t.app.inject({ url, headers: { host: 'alpha.localhost:8080' } }));
      expect(directives.get('script-src'), url).toEqual(["'self'", TAG_MANAGER_ORIGIN]);
      expect(directives.get('connect-src'), url).toEqual(expect.arrayContaining(ANALYTICS_CONNECT));
    }
  });

  it('is not allowed on a channel without one (bravo): neither its script nor its hits', async () => {
    for (const url of ['/', '/watch/1', '/outbox']) {
      const response = await t.app.inject({ url, headers: { host: 'bravo.localhost:8080' } });
      const directives = policy(response);
      expect(directives.get('script-src'), url).toEqual(["'self'"]);
      for (const source of ANALYTICS_CONNECT) expect(directives.get('connect-src'), url).not.toContain(source);
      expect(String(response.headers['content-security-policy'])).not.toMatch(/google/);
    }
  });

  it('is not allowed on an unknown channel host either', async () => {
    const response = await t.app.inject({ url: '/', headers: { host: 'nobody.localhost:8080' } });
    expect(response.statusCode).toBe(404);
    expect(String(response.headers['content-security-policy'])).not.toMatch(/google/);
  });
});
