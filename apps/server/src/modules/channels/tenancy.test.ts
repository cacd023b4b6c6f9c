import { MenuResponse, PagesResponse, ParticipantGroupsResponse, ParticipantsResponse, SlidesResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// architecture: a key of channel A never reads anything of channel B.
let t: TestApp;
let alphaKey: string;
let bravoKey: string;
beforeAll(async () => {
  t = await buildTestApp();
  [alphaKey, bravoKey] = [await t.keyFor('alpha'), await t.keyFor('bravo')];
});
afterAll(async () => t.close());

async function get(path: string, key: string) {
  return t.app.inject({ url: `/api/${path}${path.includes('?') ? '&' : '?'}api_key=${key}` });
}

describe('multi-tenancy', () => {
  it('scopes every list by the key, whatever the host says', async () => {
    const alphaPages = PagesResponse.parse((await get('pages', alphaKey)).json()).data;
    const bravoPages = PagesResponse.parse((await t.app.inject({ url: `/api/pages?api_key=${bravoKey}`, headers: { host: 'alpha.localhost' } })).json()).data;
    expect(alphaPages.map((p) => p.name)).toEqual(['About Alpha']);
    expect(bravoPages.map((p) => p.name)).toEqual(['About Bravo']);
    expect(alphaPages[0]?.id).not.toBe(bravoPages[0]?.id);

    const menu = MenuResponse.parse((await get('menu', bravoKey)).json()).data;
    expect(menu.every((m) => !m.title.includes('Alpha'))).toBe(true);
    const participants = ParticipantsResponse.parse((await get('participants?no_limit=1', bravoKey)).json()).data;
    expect(participants.map((p) => p.name)).toEqual(['Bravo North Boys', 'Bravo South Girls']);
    const groups = ParticipantGroupsResponse.parse((await get('participant-groups', alphaKey)).json()).data;
    expect(groups.every((g) => g.name.startsWith('Alpha'))).toBe(true);
  });

  it("answers 404 for another channel's page id", async () => {
    const bravoPage = PagesResponse.parse((await get('pages', bravoKey)).json()).data[0]!;
    expect((await get(`pages/${bravoPage.id}`, bravoKey)).statusCode).toBe(200);
    const crossed = await get(`pages/${bravoPage.id}`, alphaKey);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toEqual({ message: 'Page not found.', field: 'id' });
  });

  it('keeps cached answers apart per channel', async () => {
    const alpha = SlidesResponse.parse((await get('slides/web', alphaKey)).json()).data;
    const bravo = SlidesResponse.parse((await get('slides/web', bravoKey)).json()).data;
    expect(alpha.map((s) => s.id)).not.toEqual(bravo.map((s) => s.id));
    const settings = (await get('settings', bravoKey)).json();
    expect(settings.data).toMatchObject({ name: 'Bravo Sports', language: 'fr', currency: 'CAD' });
  });
});
