import { channelUrl, expect, test } from './support.ts';

test('an unknown path ends on the 404 page, which leads home', async ({ page }) => {
  await page.goto(channelUrl(null, '/no/such/page'));
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Hmm.... Looks like we lose this page' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home page' }).click();
  await expect(page).toHaveURL(channelUrl(null, '/'));
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('the French channel\'s 404 page is in French', async ({ page }) => {
  await page.goto(channelUrl('laurentides', '/introuvable'));
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('link', { name: /accueil/i })).toBeVisible();
});
