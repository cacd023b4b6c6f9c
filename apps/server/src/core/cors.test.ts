import { KEY_INVALID_STATUS } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

// A channel's own app may live on another origin (a CDN, a partner's site): the API and the media
// answer its cross-origin calls, and only its. Each test below is an attack a page of another
// origin could try, or the way the channel's own app works.
const ALPHA_PUBLIC = 'https://watch.alpha.example';
const ALPHA_APP = 'https://app.alpha.example';
const BRAVO_APP = 'https://app.bravo.example';
const ALPHA_HOST = 'watch.alpha.example';
const BRAVO_HOST = 'bravo.localhost';

const preflight = (url: string, origin: string, headers: Record<string, string> = {}) => ({
  method: 'OPTIONS' as const,
  url,
  headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type', ...headers },
});

function expectGranted(response: LightMyRequestResponse, origin: string) {
  expect(response.headers['access-control-allow-origin'], response.body).toBe(origin);
  expect(String(response.headers.vary)).toMatch(/\borigin\b/i);
  // The api key travels in the query or the body, never in a cookie: no credentials mode.
  expect(response.headers['access-control-allow-credentials']).toBeUndefined();
}

function expectRefused(response: LightMyRequestResponse) {
  expect(response.headers['access-control-allow-origin'], response.body).toBeUndefined();
  expect(response.headers['access-control-allow-methods']).toBeUndefined();
}

function expectPreflightRefused(response: LightMyRequestResponse) {
  expectRefused(response);
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ field: 'origin' });
}

describe.each([
  ['without a trusted proxy', false as const],
  ['behind a trusted proxy (TRUST_PROXY)', ['127.0.0.1']],
])('cross-origin requests, %s', (_name, trustProxy) => {
  let t: TestApp;
  let alphaKey: string;
  let bravoKey: string;
  beforeAll(async () => {
    t = await buildTestApp({
      trustProxy,
      publicOrigins: { overrides: { alpha: ALPHA_PUBLIC }, siteOrigins: { alpha: [ALPHA_APP], bravo: [BRAVO_APP] } },
    });
    alphaKey = await t.keyFor('alpha');
    bravoKey = await t.keyFor('bravo');
  });
  afterAll(async () => t.close());

  describe('the channel’s own app', () => {
    it('reads the api with its key from a site origin', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/settings?api_key=${alphaKey}`, headers: { origin: ALPHA_APP } });
      expect(response.statusCode).toBe(200);
      expectGranted(response, ALPHA_APP);
    });

    it('reads it from its public origin too (the site on its own domain calling an api host)', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/settings?api_key=${alphaKey}`, headers: { origin: ALPHA_PUBLIC } });
      expectGranted(response, ALPHA_PUBLIC);
    });

    it('is told which methods and headers it may send, for a call whose key is in the body (host of the channel)', async () => {
      const response = await t.app.inject({ ...preflight('/api/get_api_key', ALPHA_APP), headers: { ...preflight('/api/get_api_key', ALPHA_APP).headers, host: ALPHA_HOST } });
      expect(response.statusCode).toBe(204);
      expectGranted(response, ALPHA_APP);
      const methods = String(response.headers['access-control-allow-methods']).split(/,\s*/);
      expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
      expect(String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['content-type', 'accept']));
      expect(Number(response.headers['access-control-max-age'])).toBeGreaterThan(0);
    });

    it('exchanges its channel key and reads the api key (the key decides the channel, not the host)', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/get_api_key', headers: { origin: BRAVO_APP }, payload: { channel_key: t.channel('bravo').config.channelKey } });
      expect(response.statusCode).toBe(200);
      expectGranted(response, BRAVO_APP);
    });

    it('is told its api key is no longer valid, so it can fetch a new one', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/settings?api_key=gone-key-of-nobody-0000000000000', headers: { origin: ALPHA_APP, host: ALPHA_HOST } });
      expect(response.statusCode).toBe(KEY_INVALID_STATUS);
      expectGranted(response, ALPHA_APP);
    });

    it('passes the preflight of a DELETE whose key is in the query', async () => {
      const response = await t.app.inject(preflight(`/api/favorite/1?api_key=${bravoKey}`, BRAVO_APP, { 'access-control-request-method': 'DELETE' }));
      expect(response.statusCode).toBe(204);
      expectGranted(response, BRAVO_APP);
    });
  });

  describe('attacks', () => {
    it('another channel’s origin with this channel’s key: no grant, preflight refused', async () => {
      const read = await t.app.inject({ method: 'GET', url: `/api/settings?api_key=${alphaKey}`, headers: { origin: BRAVO_APP } });
      expect(read.statusCode).toBe(200);
      expectRefused(read);
      const exchange = await t.app.inject({ method: 'POST', url: '/api/get_api_key', headers: { origin: BRAVO_APP, host: BRAVO_HOST }, payload: { channel_key: t.channel('alpha').config.channelKey } });
      expectRefused(exchange);
      expectPreflightRefused(await t.app.inject(preflight(`/api/favorite/1?api_key=${alphaKey}`, BRAVO_APP, { 'access-control-request-method': 'DELETE' })));
    });

    it('another channel’s key on this channel’s host: the key decides, so no grant', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/settings?api_key=${bravoKey}`, headers: { origin: ALPHA_APP, host: ALPHA_HOST } });
      expectRefused(response);
    });

    it('the origins no channel lists: null, evil.example, a prefix of a real one, case tricks, a trailing slash, a wildcard', async () => {
      for (const origin of [
        'null',
        'http://evil.example',
        `${ALPHA_APP}.evil.com`,
        'https://app.alpha.example.evil.com',
        'https://evil.com/https://app.alpha.example',
        'https://APP.alpha.example',
        'HTTPS://app.alpha.example',
        `${ALPHA_APP}/`,
        `${ALPHA_APP}:443`,
        'http://app.alpha.example',
        'https://xapp.alpha.example',
        '*',
        '',
        `${ALPHA_APP}, http://evil.example`,
      ]) {
        const read = await t.app.inject({ method: 'GET', url: `/api/settings?api_key=${alphaKey}`, headers: { origin, host: ALPHA_HOST } });
        expectRefused(read);
        const ask = await t.app.inject({ ...preflight('/api/get_api_key', origin), headers: { ...preflight('/api/get_api_key', origin).headers, host: ALPHA_HOST } });
        if (origin === '') expect(ask.headers['access-control-allow-origin']).toBeUndefined();
        else expectPreflightRefused(ask);
      }
    });

    it('a missing key: the host’s channel decides, and a bare unknown host is nobody’s', async () => {
      // No key and no channel host: the default channel (alpha) of this reference server.
      expectGranted(await t.app.inject({ method: 'GET', url: '/api/settings', headers: { origin: ALPHA_APP } }), ALPHA_APP);
      expectRefused(await t.app.inject({ method: 'GET', url: '/api/settings', headers: { origin: BRAVO_APP } }));
      expectPreflightRefused(await t.app.inject(preflight('/api/get_api_key', BRAVO_APP)));
      expectPreflightRefused(await t.app.inject({ ...preflight('/api/get_api_key', ALPHA_APP), headers: { ...preflight('/api/get_api_key', ALPHA_APP).headers, host: 'nosuch.localhost' } }));
    });

    it('a forged Host or X-Forwarded-Host does not lend another channel’s site origins to a key', async () => {
      for (const headers of [{ host: BRAVO_HOST }, { 'x-forwarded-host': BRAVO_HOST }, { 'x-forwarded-host': ALPHA_HOST, host: BRAVO_HOST }]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/settings?api_key=${alphaKey}`, headers: { origin: BRAVO_APP, ...headers } });
        expectRefused(response);
      }
    });

    it('X-Forwarded-Host names the channel of a keyless preflight only behind a trusted proxy', async () => {
      const response = await t.app.inject({ ...preflight('/api/get_api_key', BRAVO_APP), headers: { ...preflight('/api/get_api_key', BRAVO_APP).headers, 'x-forwarded-host': BRAVO_HOST } });
      if (trustProxy) expectGranted(response, BRAVO_APP);
      else expectPreflightRefused(response);
    });

    it('an unknown api key in a preflight’s query does not borrow a grant from another channel', async () => {
      expectPreflightRefused(await t.app.inject(preflight('/api/favorite/1?api_key=forged-key-00000000000000000000', BRAVO_APP, { 'access-control-request-method': 'DELETE' })));
    });
  });

  describe('same-origin requests', () => {
    it('keep working as before: no Origin, the answer is the same and grants nothing', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/settings?api_key=${alphaKey}` });
      expect(response.statusCode).toBe(200);
      expectRefused(response);
    });

    it('a same-origin POST (which carries Origin) is answered as before', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/get_api_key', headers: { origin: 'http://bravo.localhost:8080', host: 'bravo.localhost:8080' }, payload: { channel_key: t.channel('bravo').config.channelKey } });
      expect(response.statusCode).toBe(200);
    });

    it('an OPTIONS that is no preflight is not answered as one', async () => {
      const response = await t.app.inject({ method: 'OPTIONS', url: '/api/settings', headers: { origin: ALPHA_APP } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['access-control-allow-methods']).toBeUndefined();
    });

    it('the site’s pages get no grant at all', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/channel-key.json', headers: { origin: ALPHA_APP } });
      expectRefused(response);
    });
  });

  describe('media', () => {
    it('a signed stream address is readable from its channel’s site origins, whatever host it is asked on', async () => {
      const url = t.app.media.streamUrl({ channelId: t.channel('alpha').id, eventId: 1, live: false, sessionId: 1 });
      expectGranted(await t.app.inject({ method: 'GET', url, headers: { origin: ALPHA_APP, host: BRAVO_HOST } }), ALPHA_APP);
      expectRefused(await t.app.inject({ method: 'GET', url, headers: { origin: BRAVO_APP, host: BRAVO_HOST } }));
      expectRefused(await t.app.inject({ method: 'GET', url, headers: { origin: 'http://evil.example' } }));
    });

    it('a forged token grants nothing', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/media/s/forged.token/events/1/index.m3u8', headers: { origin: ALPHA_APP, host: BRAVO_HOST } });
      expectRefused(response);
    });

    it('public pictures are readable from the host channel’s site origins, and may be shown in their pages', async () => {
      const granted = await t.app.inject({ method: 'GET', url: '/media/pictures/events/1/card-abcdefghij.svg', headers: { origin: ALPHA_APP } });
      expectGranted(granted, ALPHA_APP);
      // An <img> or a <video poster> asks without Origin (no-cors): the media of a channel with
      // site origins may be embedded across origins, as Cross-Origin-Resource-Policy cannot name them.
      const embedded = await t.app.inject({ method: 'GET', url: '/media/pictures/events/1/card-abcdefghij.svg' });
      expect(embedded.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expectRefused(await t.app.inject({ method: 'GET', url: '/media/pictures/events/1/card-abcdefghij.svg', headers: { origin: BRAVO_APP } }));
    });

    it('the player’s range requests pass their preflight from a site origin only', async () => {
      const url = t.app.media.streamUrl({ channelId: t.channel('bravo').id, eventId: 1, live: false, sessionId: 1 });
      const ok = await t.app.inject(preflight(url, BRAVO_APP, { 'access-control-request-method': 'GET', 'access-control-request-headers': 'range' }));
      expect(ok.statusCode).toBe(204);
      expectGranted(ok, BRAVO_APP);
      expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('range');
      expectPreflightRefused(await t.app.inject(preflight(url, ALPHA_APP, { 'access-control-request-method': 'GET', 'access-control-request-headers': 'range' })));
    });
  });
});

describe('a channel with no site origins configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ publicOrigins: { port: 8123 } });
  });
  afterAll(async () => t.close());

  it('answers its derived public origin only', async () => {
    const key = await t.keyFor('bravo');
    expectGranted(await t.app.inject({ method: 'GET', url: `/api/settings?api_key=${key}`, headers: { origin: 'http://bravo.localhost:8123' } }), 'http://bravo.localhost:8123');
    expectRefused(await t.app.inject({ method: 'GET', url: `/api/settings?api_key=${key}`, headers: { origin: 'http://localhost:8123' } }));
  });

  it('keeps its media same-origin for pages of other origins', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/pictures/events/1/card-abcdefghij.svg' });
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
