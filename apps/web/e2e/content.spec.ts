import { demoChannels, siteUrl } from './channels.ts';
import { expect, test } from './support.ts';

const [northfield, laurentides] = demoChannels;

test('the FAQ opens an answer, in each channel\'s language', async ({ page }) => {
  await page.goto(siteUrl(northfield, '/faq'));
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  const question = page.getByRole('button', { name: /difference between a free, registered, paid and pay-per-view event/ });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');

  await page.goto(siteUrl(laurentides, '/faq'));
  await expect(page.getByRole('heading', { level: 1, name: 'Foire aux questions' })).toBeVisible();
});

test('the contact form validates with the spec\'s messages and sends to the server', async ({ page }) => {
  await page.goto(siteUrl(northfield, '/contacts'));
  await page.getByRole('button', { name: 'Send' }).click();
  // spec §5: a required field says "Field is required".
  await expect(page.getByText('Field is required').first()).toBeVisible();

  await page.getByRole('textbox', { name: /Full name/ }).fill('Jordan Miles');
  await page.getByRole('textbox', { name: /Email/ }).fill('not-an-address');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('A valid email address is required')).toBeVisible();

  await page.getByRole('textbox', { name: /Email/ }).fill('jordan.miles@example.org');
  await page.getByRole('combobox', { name: /Topic/ }).selectOption('Streaming problem');
  await page.getByRole('textbox', { name: /Message/ }).fill('The Friday game froze at half time.');
  await page.getByRole('checkbox', { name: /may contact me/ }).check();
  const sent = page.waitForResponse((response) => response.url().includes('/api/custom-forms/contacts') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
});

test('a channel without a contact form points to its FAQ', async ({ page }) => {
  await page.goto(siteUrl(laurentides, '/contacts'));
  await expect(page.getByRole('heading', { level: 1, name: 'Nous joindre' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lire la FAQ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Envoyer' })).toHaveCount(0);
});

test('a channel page shows its sanitised content and the shared schedule', async ({ page }) => {
  await page.goto(siteUrl(laurentides, '/a-propos'));
  await expect(page.getByRole('heading', { level: 1, name: /À propos de la Ligue des Laurentides/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Calendrier' })).toBeVisible();
  await expect(page).toHaveTitle(/À propos/);
});
