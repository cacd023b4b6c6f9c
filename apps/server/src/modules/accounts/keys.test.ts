import { ApiErrorBody, ChannelKeyFile, GetApiKeyResponse, KEY_INVALID_MESSAGE, KEY_INVALID_STATUS } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { hashApiKey } from './apiKeyRepository.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

const apiKeyInvalid = { message: KEY_INVALID_MESSAGE, field: 'api_key', errors: { api_key: ['The api key is invalid.'] } };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('channel key file', () => {
  it('names the default channel on a bare host and each channel on <slug>.localhost', async () => {
    for (const [host, slug] of [
      ['localhost:8080', 'alpha'],
      ['127.0.0.1:8080', 'alpha'],
      ['example.org', 'alpha'],
      ['bravo.localhost:8080', 'bravo'],
      ['alpha.localhost', 'alpha'],
    ] as const) {
      const response = await t.app.inject({ url: '/channel-key.json', headers: { host } });
      expect(response.statusCode).toBe(200);
      expect(ChannelKeyFile.parse(response.json())).toEqual({ channel_key: t.channel(slug).config.channelKey });
    }
  });

  it('answers 404 for an unknown channel subdomain', async () => {
    const response = await t.app.inject({ url: '/channel-key.json', headers: { host: 'nosuch.localhost:8080' } });
    expect(response.statusCode).toBe(404);
    expect(ApiErrorBody.parse(response.json()).field).toBe('host');
  });
});

describe('POST /api/get_api_key', () => {
  it('issues a fresh random key per call, stored only as its sha256', async () => {
    const first = await t.keyFor('alpha');
    const second = await t.keyFor('alpha');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db.selectFrom('api_keys').select(['key_hash', 'channel_id']).where('key_hash', 'in', [hashApiKey(first), first]).execute();
    expect(rows).toEqual([{ key_hash: hashApiKey(first), channel_id: t.channel('alpha').id }]);
  });

  it('answers the key-invalid body naming channel_key for an unknown channel key', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: 'no-such-channel-key-123' } });
    expect(response.statusCode).toBe(KEY_INVALID_STATUS);
    expect(response.json()).toEqual({ message: KEY_INVALID_MESSAGE, field: 'channel_key', errors: { channel_key: ['The channel key is invalid.'] } });
  });

  it('parses with the contract response schema', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: t.channel('bravo').config.channelKey } });
    expect(GetApiKeyResponse.safeParse(response.json()).success).toBe(true);
  });
});

describe('api key on every other call', () => {
  it.each([
    // A keyed call (the events' categories; spec §7's public calls such as settings need none).
    ['missing', '/api/events-categories'],
    ['empty', '/api/settings?api_key='],
    ['malformed', '/api/settings?api_key=not-a-key'],
    ['unknown but well formed', `/api/settings?api_key=${'A'.repeat(43)}`],
    ['repeated', '/api/settings?api_key=a&api_key=b'],
  ])('answers 403 with the key-invalid body when the key is %s', async (_label, url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(KEY_INVALID_STATUS);
    expect(response.json()).toEqual(apiKeyInvalid);
  });

  it('accepts a valid key on every catalog route', async () => {
    const key = await t.keyFor('alpha');
    for (const path of ['settings', 'menu', 'pages', 'slides/web', 'color-settings/web', 'faq', 'geo', 'events-categories', 'participants', 'participant-groups', 'participant-group-properties', 'events-locations']) {
      const response = await t.app.inject({ url: `/api/${path}?api_key=${key}` });
      expect(response.statusCode, path).toBe(200);
    }
  });

  it('checks the key before answering /api/profile 401', async () => {
    expect((await t.app.inject({ url: '/api/profile' })).json()).toEqual(apiKeyInvalid);
    const response = await t.app.inject({ url: `/api/profile?api_key=${await t.keyFor('alpha')}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('stops accepting a deleted key whose notice was lost once the key cache entry expires', async () => {
    // A TTL long enough that the key is still cached two requests later on a loaded machine (at
    // 100 ms the entry once expired between them, while another test file ran beside this one).
    const short = await buildTestApp({ apiKeyCache: { ttlMs: 1_000 } });
    try {
      const key = await short.keyFor('alpha');
      expect((await short.app.inject({ url: `/api/menu?api_key=${key}` })).statusCode).toBe(200);
      // Deleted with triggers off: the database sends no notice of the ended key.
      await short.database.db.transaction().execute(async (tx) => {
        await sql`set local session_replication_role = replica`.execute(tx);
        await tx.deleteFrom('api_keys').where('key_hash', '=', hashApiKey(key)).execute();
      });
      // Still cached: the TTL is the last resort (documented in the README).
      expect((await short.app.inject({ url: `/api/menu?api_key=${key}` })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await short.app.inject({ url: `/api/menu?api_key=${key}` })).statusCode).toBe(KEY_INVALID_STATUS);
    } finally {
      await short.close();
    }
  });

  it('records when a key was last used', async () => {
    const key = await t.keyFor('bravo');
    await t.app.inject({ url: `/api/faq?api_key=${key}` });
    const row = await t.database.db.selectFrom('api_keys').select('last_used_at').where('key_hash', '=', hashApiKey(key)).executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
  });
});

describe('request logs', () => {
  it('never contain an api key', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    try {
      const key = await logged.keyFor('alpha');
      await logged.app.inject({ url: `/api/settings?api_key=${key}&x=1` });
      const log = lines.join('');
      expect(log).toContain('/api/settings?api_key=[redacted]&x=1');
      expect(log).not.toContain(key);
    } finally {
      await logged.close();
    }
  });
});
