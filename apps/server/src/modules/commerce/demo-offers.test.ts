import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ProfileResponse, SessionResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChannelFolders } from '../../core/channels/loadChannels.ts';
import { seedChannel } from '../channels/seed.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// The demo channels sell what their premium videos and ad-free viewing need (spec §6 vod_media,
// no_ads), and channels/README.md names a demo viewer who holds no_ads.
const CHANNELS_DIR = fileURLToPath(new URL('../../../../../channels/', import.meta.url));

describe('the demo channels’ offers and viewers', () => {
  it('each demo channel sells a pass granting vod_media and one granting no_ads, and has a listed viewer holding no_ads', async () => {
    const folders = await loadChannelFolders(CHANNELS_DIR);
    const readme = await readFile(`${CHANNELS_DIR}README.md`, 'utf8');
    expect(folders.map((f) => f.config.slug).sort()).toEqual(['laurentides', 'northfield']);
    for (const folder of folders) {
      const seed = folder.seed!;
      const grants = (capability: 'vod_media' | 'no_ads') => [...seed.packages, ...seed.subscriptions].filter((offer) => offer.capabilities.includes(capability) && offer.base_price > 0);
      expect(grants('vod_media'), folder.config.slug).not.toHaveLength(0);
      expect(grants('no_ads'), folder.config.slug).not.toHaveLength(0);
      const adFree = seed.users.filter((user) => user.capabilities.includes('no_ads'));
      expect(adFree, folder.config.slug).toHaveLength(1);
      expect(readme).toContain(`\`${adFree[0]!.email}\``);
      expect(readme).toContain(`\`${adFree[0]!.password}\``);
      // The other demo viewers keep the prerolls, so the demo shows both.
      expect(seed.users.filter((user) => user.capabilities.length === 0).length).toBeGreaterThan(0);
    }
  });
});

describe('seeding a viewer’s capabilities', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  async function profileOf(email: string, password: string) {
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { api_key: await t.keyFor('alpha'), email, password } });
    expect(login.statusCode, login.body).toBe(200);
    const key = SessionResponse.parse(login.json()).data.api_key;
    return ProfileResponse.parse((await t.app.inject({ url: `/api/profile?api_key=${key}` })).json()).data;
  }

  it('gives the seed’s viewer the capabilities it names, again after a re-seed, and leaves other viewers’ alone', async () => {
    const alpha = t.channel('alpha');
    const adFree = { email: 'adfree@alpha.example', password: 'alpha-adfree-pass', first_name: 'Ada', last_name: 'Free', verified: true, temporary_password: false, capabilities: ['no_ads' as const] };
    // Only this viewer: each seeded password is an Argon2id hash, slow on purpose.
    const seed = { ...alpha.seed!, users: [adFree] };
    await seedChannel(t.database.db, { ...alpha, seed });
    expect((await profileOf(adFree.email, adFree.password)).capabilities).toContain('no_ads');

    // Taken away by hand, put back by the next seed.
    await t.database.db.updateTable('users').set({ capabilities: '[]' }).where('channel_id', '=', alpha.id).where('email', '=', adFree.email).execute();
    await seedChannel(t.database.db, { ...alpha, seed });
    expect((await profileOf(adFree.email, adFree.password)).capabilities).toContain('no_ads');
    expect((await profileOf('viewer@alpha.example', 'alpha-viewer-pass')).capabilities).not.toContain('no_ads');
  }, 60_000);
});
