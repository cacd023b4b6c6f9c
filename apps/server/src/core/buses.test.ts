import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository, hashPassword, startSession } from '../modules/accounts/index.ts';
import { hashApiKey } from '../modules/accounts/apiKeyRepository.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

/**
 * The in-process notices (data changed, keys ended) belong to one app: two apps in one process
 * (as the tests and the bench build them) never hear each other.
 */
describe('two apps in one process', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('each have their own buses', () => {
    expect(a.app.dataChanged).not.toBe(b.app.dataChanged);
    expect(a.app.keysForgotten).not.toBe(b.app.keysForgotten);
  });

  it('a data change in one drops only its own cached answers', async () => {
    const faq = async (t: TestApp) => (await t.app.inject({ url: `/api/faq?api_key=${await t.keyFor('alpha')}` })).statusCode;
    expect([await faq(a), await faq(b)]).toEqual([200, 200]);
    const cached = (t: TestApp) => t.app.catalogCache.get(t.channel('alpha').id, 'faq');
    expect(cached(a)).toBeDefined();
    expect(cached(b)).toBeDefined();

    a.app.dataChanged.emit(null);
    expect(cached(a)).toBeUndefined();
    expect(cached(b)).toBeDefined();
  });

  it('a logout in one is told to its own key cache, not to the other’s', async () => {
    const heard = { a: [] as string[], b: [] as string[] };
    const stop = [a.app.keysForgotten.on((hashes) => heard.a.push(...hashes)), b.app.keysForgotten.on((hashes) => heard.b.push(...hashes))];
    try {
      const channelId = a.channel('alpha').id;
      const user = await createUsersRepository(a.database.db).create({ channelId, email: 'buses@example.com', passwordHash: await hashPassword('harbour-lights-42'), firstName: 'B', lastName: 'U', verified: true });
      const session = await startSession(a.app, { channelId, userId: user.id });
      const response = await a.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { api_key: session } });
      expect(response.statusCode, response.body).toBe(200);
      expect(heard.a).toContain(hashApiKey(session));
      expect(heard.b).toEqual([]);
    } finally {
      for (const off of stop) off();
    }
  });
});
