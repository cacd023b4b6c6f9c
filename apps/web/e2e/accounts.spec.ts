import type { Page } from '@playwright/test';
import { demoChannels, listEvents, siteUrl } from './channels.ts';
import { channelUrl, expect, test } from './support.ts';
import { logOutOnSite } from './viewers.ts';

const northfield = demoChannels[0];
const PASSWORD = 'grandstand-e2e-pass-9271';

/**
 * Opens the newest mail to `email` in the demo outbox, as a person running the demo would: mail
 * leaves after the answer (a reset request answers before its mail is composed), so the outbox is
 * reloaded until it is there. The row is picked by its address too, as other tests send the same
 * subjects.
 */
async function openMail(page: Page, email: string, subject: RegExp): Promise<void> {
  const link = page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: subject }).first();
  await expect(async () => {
    await page.goto(siteUrl(northfield, '/outbox'));
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await link.click();
}

async function register(page: Page, email: string): Promise<void> {
  await page.goto(siteUrl(northfield, '/registration'));
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'First name' }).fill('Jordan');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Miles');
  await page.getByRole('checkbox', { name: /terms & conditions/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/verify-notice$/);
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(siteUrl(northfield, '/login'));
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
}

test('register, verify by mail, log in and watch a register-only event', async ({ page, request }) => {
  // Five steps through mail and two logins, then a live stream given 30 s of its own to play: the
  // default 30 s for the whole test left the last wait no room (it ran 27 s when it passed).
  test.setTimeout(90_000);
  const email = `fan-${Date.now()}@example.org`;
  await register(page, email);

  await openMail(page, email, /Verify your email address for Northfield Schools Network/);
  await page.getByRole('link', { name: /\/verify-email\?/ }).first().click();
  await expect(page.getByText('Your email address is verified. Enjoy watching!')).toBeVisible();

  await logOutOnSite(page);
  await logIn(page, email, PASSWORD);

  const [event] = (await listEvents(request, northfield, { stream_status: 'live' })).filter((e) => e.access_type === 'register');
  expect(event, 'the demo has a live register-only event').toBeDefined();
  await page.goto(siteUrl(northfield, `/watch/${event!.id}`));
  await expect(page.locator('video')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 30_000 }).toBeGreaterThan(1);
});

test('reset a forgotten password through the mail', async ({ page }) => {
  const email = `reset-${Date.now()}@example.org`;
  await register(page, email);
  await logOutOnSite(page);

  await page.goto(siteUrl(northfield, '/password-reset-request'));
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('If an account uses this email, a link to reset the password is on its way.')).toBeVisible();

  await openMail(page, email, /Reset your Northfield Schools Network password/);
  await page.getByRole('link', { name: /\/password-reset\?/ }).first().click();
  const newPassword = 'a-brand-new-passphrase-77';
  await page.getByRole('textbox', { name: 'New password' }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('Your password is changed. You can log in with it now.')).toBeVisible();

  await logIn(page, email, newPassword);
});

test('after logout the old key is refused', async ({ page, request }) => {
  const email = `logout-${Date.now()}@example.org`;
  await register(page, email);
  const key = await page.evaluate(() => {
    const entry = Object.keys(localStorage).find((name) => name.endsWith(':api_key'));
    return entry ? (JSON.parse(localStorage.getItem(entry) ?? 'null') as { value: string }).value : null;
  });
  expect(key).toBeTruthy();
  const before = await request.get(channelUrl(null, '/api/profile'), { params: { api_key: key! } });
  expect(before.status()).toBe(200);

  await logOutOnSite(page);
  const after = await request.get(channelUrl(null, '/api/profile'), { params: { api_key: key! } });
  expect(after.status()).toBe(403);
  expect(((await after.json()) as { errors?: Record<string, string[]> }).errors?.api_key).toBeDefined();
});

test('a device is linked by its code', async ({ browser, page }) => {
  const email = `device-${Date.now()}@example.org`;
  await register(page, email);

  const device = await browser.newPage();
  await device.goto(siteUrl(northfield, '/device'));
  const code = (await device.getByLabel('Your code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9-]{6,9}$/);

  await page.goto(siteUrl(northfield, '/profile/sessions/add'));
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Link the device' }).click();
  await expect(page.getByText('The device is linked to your account.')).toBeVisible();

  await expect(device.getByText(`Linked to ${email}`)).toBeVisible({ timeout: 15_000 });
  await device.close();
});

test('a temporary-password viewer is kept on the profile edit page until the password changes', async ({ page }) => {
  await logIn(page, 'temporary@northfield.example', 'northfield-temp-2026');
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expect(page.getByText('You are using a temporary password. Choose a new password to continue.')).toBeVisible();
  await page.goto(siteUrl(northfield, '/live'));
  await expect(page).toHaveURL(/\/profile\/edit$/);
});

/**
 * The provider's own sign-in form (oidc-provider's development form): any email is accepted. A
 * second sign-in may find the provider's session and come straight back to the site.
 */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  const login = page.locator('input[name="login"]');
  const back = page.getByRole('banner');
  await expect(login.or(back).first()).toBeVisible({ timeout: 15_000 });
  if (!(await login.isVisible())) return;
  await login.fill(email);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').first().click();
}

test('Google sign-in of an address with no account asks for the terms first, then registers from the registration page (spec §5)', async ({ page }) => {
  const email = `social-${Date.now()}@example.org`;
  await page.goto(siteUrl(northfield, '/login'));
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, email);
  await expect(page.getByText('You are not registered yet. Please accept terms and conditions and click Register to continue.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toHaveCount(0);

  await page.goto(siteUrl(northfield, '/registration'));
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Please accept terms & conditions')).toBeVisible();
  await page.getByRole('checkbox', { name: /terms & conditions/ }).check();
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, email);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText(email)).toBeVisible();
});
