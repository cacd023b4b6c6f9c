import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoChannels, siteUrl } from './channels.ts';
import { expect, repoRoot, test } from './support.ts';
import { languageOf, registeredViewer, submitLogin, text, texts, VIEWER_PASSWORD } from './viewers.ts';
import type { Messages } from './viewers.ts';

// spec §8: the server's wrong-password answers, as a viewer of a French channel reads them: the
// real server answers, the site translates (no fake anywhere between).
const laurentides = demoChannels[1];
const errors = JSON.parse(readFileSync(join(repoRoot, 'packages/i18n/src/locales/fr/errors.json'), 'utf8')) as Messages;

test('a French viewer sees the French wrong-password texts, at login and on the profile', async ({ page, request }) => {
  expect(languageOf(laurentides)).toBe('fr');
  const auth = texts(laurentides, 'auth/src');
  const { email } = await registeredViewer(request, laurentides, 'wrong-password');

  await page.goto(siteUrl(laurentides, '/login'));
  await page.getByRole('textbox', { name: text(auth, 'fields.email') }).fill(email);
  await page.getByRole('textbox', { name: text(auth, 'fields.password'), exact: true }).fill('not-the-password-1234');
  await page.getByRole('button', { name: text(auth, 'login.submit') }).last().click();
  // "Invalid email or password. Please try again." in French.
  await expect(page.getByRole('alert').filter({ hasText: text(errors, 'server.invalidCredentials') })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.getByRole('textbox', { name: text(auth, 'fields.password'), exact: true }).fill(VIEWER_PASSWORD);
  await submitLogin(page, laurentides, email);
  await page.goto(siteUrl(laurentides, '/profile/edit'));
  await page.getByLabel(text(auth, 'fields.currentPassword'), { exact: true }).fill('not-the-password-1234');
  await page.getByLabel(text(auth, 'fields.newPassword'), { exact: true }).fill('a-new-password-5678');
  await page.getByLabel(text(auth, 'fields.passwordConfirmation'), { exact: true }).fill('a-new-password-5678');
  await page.getByRole('button', { name: text(auth, 'edit.submit') }).click();
  // "Incorrect password" in French.
  await expect(page.getByRole('alert').filter({ hasText: text(errors, 'server.incorrectPassword') })).toBeVisible();
  expect(text(errors, 'server.incorrectPassword')).toBe('Mot de passe incorrect');
});
