import type { Page } from '@playwright/test';
import type { Package, VodMediaItem } from '@grandstand/contract';
import { demoChannels, siteUrl } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { apiGet, CARDS, continueToPayment, escape, finishedPaidEvents, payWithNewCard, texts as checkoutTexts } from './checkout.ts';
import { playhead } from './clipsSupport.ts';
import { expect, test } from './support.ts';
import { languageOf, newViewer, text, texts } from './viewers.ts';

// Offers that do what they say (spec §2 basic pass, §6 quota and vod_media): the basic pass taken in
// one press and upgraded, a 5-game pass used for two games, and a premium video bought and played on
// each demo channel. Each test makes its own viewer.

const northfield = demoChannels.find((channel) => channel.slug === 'northfield')!;

async function pay(page: Page, t: ReturnType<typeof checkoutTexts>): Promise<void> {
  await continueToPayment(page, t);
  await payWithNewCard(page, t, CARDS.ok);
  await page.getByRole('button', { name: new RegExp(`^${escape(t('commerce.checkout.pay', { price: '' }).trim())}`) }).click();
  // A pass bought on its own ends on the profile (its orders).
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
}

async function offers(page: Page, channel: DemoChannel): Promise<Package[]> {
  return apiGet<Package[]>(page.request, channel, 'packages');
}

test.describe('northfield: the basic pass and a quota pass', () => {
  const t = checkoutTexts('en');

  test('the basic pass is taken in one press, its holder upgrades, and the upgrade replaces it', async ({ page, request }) => {
    test.setTimeout(90_000);
    const packages = await offers(page, northfield);
    const basic = packages.find((item) => item.basic)!;
    const premium = packages.find((item) => !item.basic && item.scope === 'category' && !item.is_team_pass && item.quota === null && item.event_categories.length > 0)!;
    expect(basic, 'the demo has a basic pass').toBeDefined();
    await newViewer(page, request, northfield, 'basic');

    await page.goto(siteUrl(northfield, '/packages'));
    const basicTile = page.getByRole('listitem', { name: basic.name });
    await basicTile.getByRole('button', { name: `${t('commerce.takeFree')} ${basic.name}` }).click();
    await expect(basicTile.getByText(t('commerce.purchased'))).toBeVisible();

    // Its holder sees "Upgrade" on the premium offers.
    await page.getByRole('link', { name: `${t('commerce.upgrade')} ${premium.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/buy\\?package_id=${premium.id}$`));
    await pay(page, t);

    await page.goto(siteUrl(northfield, '/packages'));
    await expect(page.getByRole('listitem', { name: premium.name }).getByText(t('commerce.purchased'))).toBeVisible();
    await expect(basicTile.getByText(t('commerce.basicIncluded'))).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${escape(t('commerce.upgrade'))} `) })).toHaveCount(0);
  });

  test('a 5-game pass is used for two games, each opening in the player, and says "3 left"', async ({ page, request }) => {
    test.setTimeout(120_000);
    const pass = (await offers(page, northfield)).find((item) => item.quota === 5)!;
    expect(pass, 'the demo has a 5-game pass').toBeDefined();
    const [first, second] = await finishedPaidEvents(request, northfield);
    expect(second, 'the demo has two finished paid games').toBeDefined();
    await newViewer(page, request, northfield, 'quota');
    await page.goto(siteUrl(northfield, `/buy?package_id=${pass.id}`));
    await pay(page, t);

    for (const game of [first!, second!]) {
      await page.goto(siteUrl(northfield, `/select-package/${game.id}`));
      const tile = page.getByRole('listitem', { name: pass.name });
      await tile.getByRole('button', { name: t('commerce.select.useGame') }).click();
      await expect(page).toHaveURL(new RegExp(`/watch/${game.id}$`), { timeout: 20_000 });
      await expect(page.locator('video')).toHaveCount(1, { timeout: 20_000 });
    }

    await page.goto(siteUrl(northfield, '/packages'));
    await expect(page.getByRole('listitem', { name: pass.name }).getByText(t('commerce.quotaLeft_other', { count: '3' }), { exact: true })).toBeVisible();
  });
});

for (const channel of demoChannels) {
  test(`${channel.slug}: a premium video is bought with the pass that unlocks it, and plays`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const t = checkoutTexts(languageOf(channel));
    const library = texts(channel, 'vod/src/library');
    const items = await apiGet<VodMediaItem[]>(request, channel, 'vod-media-items', { limit: '100' });
    const premium = items.find((item) => item.access === 'vod_media')!;
    const pass = (await offers(page, channel)).find((item) => item.capabilities.includes('vod_media'))!;
    expect(premium, 'a premium video').toBeDefined();
    expect(pass, 'a pass granting vod_media').toBeDefined();
    await newViewer(page, request, channel, 'premium');

    // The locked video leads to the passes, where the one granting premium videos is bought.
    await page.goto(siteUrl(channel, `/vod_library?vod_id=${premium.id}`));
    await page.getByRole('link', { name: text(library, 'item.vodMedia.buy') }).click();
    await expect(page).toHaveURL(/\/packages$/);
    await page.getByRole('listitem', { name: pass.name }).getByRole('link', { name: `${t('commerce.buy')} ${pass.name}` }).click();
    await pay(page, t);

    await page.goto(siteUrl(channel, `/vod_library?vod_id=${premium.id}`));
    await expect(page.getByRole('heading', { name: premium.title, level: 1 })).toBeVisible();
    await expect.poll(() => playhead(page), { timeout: 30_000 }).toBeGreaterThan(0);
  });
}
