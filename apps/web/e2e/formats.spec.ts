import { demoChannels, siteUrl } from './channels.ts';
import { expect, test } from './support.ts';

// spec §9: dates, times, numbers and prices follow the viewer's locale, whichever the browser's Intl
// knows, while the interface stays in the channel's English or French. A German browser on the
// English channel: German prices and dates, English words.

test.use({ locale: 'de-DE' });

test('a German browser sees German prices and dates on the English channel, in English', async ({ page }) => {
  const channel = demoChannels[0];
  await page.goto(siteUrl(channel, '/upcoming'));
  const main = page.locator('main');
  await expect(page.getByRole('heading', { level: 1, name: channel.text.listings.upcoming })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
  // "$9.99" written the German way: "9,99 $".
  await expect(main.getByText(/^\d+,\d{2}\s\$$/).first()).toBeVisible();
  await expect(main.getByText(/^\$\d+\.\d{2}$/)).toHaveCount(0);
  // A card's date for screen readers: "21. Nov. 2025, 7:30 PM CST".
  await expect(main.locator('time').first()).toContainText(/\d{1,2}\. \p{L}+\.? \d{4}/u);
});
