import { demoChannels, siteUrl } from './channels.ts';
import { expect, test } from './support.ts';

/** A page of each channel's page list: it shows the shared day-by-day schedule (spec §2). */
const CHANNEL_PAGE: Record<string, string> = { northfield: '/about-us', laurentides: '/a-propos' };

for (const channel of demoChannels) {
  test.describe(`browsing ${channel.slug}`, () => {
    for (const [path, heading] of Object.entries(channel.text.listings)) {
      test(`/${path} lists its events under its heading`, async ({ page }) => {
        await page.goto(siteUrl(channel, `/${path}`));
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('search', { name: channel.text.filters })).toBeVisible();
        await expect(page.locator('main a[href^="/watch/"]').first()).toBeVisible();
      });
    }

    test('the on-demand listing filters by gender and sport, and clears them', async ({ page }) => {
      await page.goto(siteUrl(channel, '/vod'));
      const cards = page.locator('main a[href^="/watch/"]');
      await expect(cards.first()).toBeVisible();
      const gender = page.getByRole('combobox', { name: channel.text.gender });
      // spec §3: gender is shown Men / Women.
      await expect(gender.getByRole('option', { name: channel.text.men, exact: true })).toHaveCount(1);
      await expect(gender.getByRole('option', { name: channel.text.women, exact: true })).toHaveCount(1);

      await gender.selectOption({ label: channel.text.women });
      await expect(page).toHaveURL(/gender=W/);
      const sport = page.getByRole('combobox', { name: channel.text.sport });
      const sportOption = (await sport.locator('option').nth(1).getAttribute('value')) ?? '';
      await sport.selectOption(sportOption);
      await expect(page).toHaveURL(new RegExp(`sport=${encodeURIComponent(sportOption)}`));

      await page.getByRole('button', { name: channel.text.clearFilters }).first().click();
      await expect(page).not.toHaveURL(/gender=|sport=/);
      await expect(cards.first()).toBeVisible();
    });

    test('the listing switches to a list layout and a table view', async ({ page }) => {
      await page.goto(siteUrl(channel, '/upcoming'));
      await expect(page.locator('main a[href^="/watch/"]').first()).toBeVisible();
      await page.getByRole('radiogroup', { name: channel.text.layout }).getByRole('radio', { name: channel.text.list }).click();
      await expect(page).toHaveURL(/layout=list/);
      await expect(page.getByRole('radio', { name: channel.text.list })).toBeChecked();
      await page.getByRole('radiogroup', { name: channel.text.view }).getByRole('radio', { name: channel.text.table }).click();
      await expect(page).toHaveURL(/view=table/);
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.getByRole('table').getByRole('link').first()).toBeVisible();
    });

    test('a channel page’s schedule moves forward a day at a time', async ({ page }) => {
      await page.goto(siteUrl(channel, CHANNEL_PAGE[channel.slug]!));
      await page.getByRole('button', { name: channel.text.nextDay }).click();
      await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
      const first = new URL(page.url()).searchParams.get('date');
      await page.getByRole('button', { name: channel.text.nextDay }).click();
      await expect(page).not.toHaveURL(new RegExp(`date=${first}`));
    });

    test('a team link from a card narrows the schedule (the upcoming page) to that team', async ({ page }) => {
      await page.goto(siteUrl(channel, '/upcoming'));
      const teamLink = page.locator('main a[href^="/schedule?team="]').first();
      await teamLink.click();
      await expect(page).toHaveURL(/\/schedule\?team=/);
      await expect(page.getByRole('heading', { level: 1, name: channel.text.listings.upcoming })).toBeVisible();
      await expect(page.locator('main a[href^="/watch/"]').first()).toBeVisible();
    });
  });
}
