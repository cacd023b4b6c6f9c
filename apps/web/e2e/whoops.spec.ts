import { channelUrl, expect, test } from './support.ts';

test('when the api key request fails, the WHOOPS panel locks its reload for 60 s, then recovers', async ({ page }) => {
  await page.clock.install();
  await page.route('**/api/get_api_key', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server Error' }) }),
  );
  await page.goto(channelUrl(null));

  await expect(page.getByRole('heading', { name: 'WHOOPS!' })).toBeVisible();
  await expect(
    page.getByText('Apologies! Our service is currently experiencing technical difficulties. Please refresh the page'),
  ).toBeVisible();
  const reload = page.getByRole('button', { name: 'Reload page' });
  await expect(reload).toBeDisabled();

  await page.clock.fastForward(30_000);
  await expect(reload).toBeDisabled();
  await page.clock.fastForward(31_000);
  await expect(reload).toBeEnabled();

  // The service is back: the button re-requests the key and reloads into the working site.
  await page.unroute('**/api/get_api_key');
  const keyRequest = page.waitForRequest('**/api/get_api_key');
  await reload.click();
  await keyRequest;
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});
