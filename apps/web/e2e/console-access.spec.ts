import type { Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoChannels, siteCall, siteUrl } from './channels.ts';
import { expect, repoRoot, test, visitorContext } from './support.ts';
import { text, texts } from './viewers.ts';

// Who may enter the control room, end to end on one channel (northfield, in English): the demo
// owner signs in, turns the second factor on and must then give a code; invites a producer by
// email, whose mail is in the demo outbox and who accepts it (and finds the sections folded behind a
// menu button on a phone); creates an integration token, shown once, and revokes it; and reads all
// of it in the audit log.

const channel = demoChannels[0];
/** The demo owner as the channel's seed lists them (channels/README.md, demo operators). */
const OWNER = (() => {
  const seed = JSON.parse(readFileSync(join(repoRoot, 'channels', channel.slug, 'seed.json'), 'utf8')) as { operators: { email: string; name: string; password: string; role: string }[] };
  const owner = seed.operators.find((operator) => operator.email === `owner@${channel.slug}.test`);
  if (!owner) throw new Error(`the ${channel.slug} seed has no demo owner`);
  return owner;
})();
const CHANNEL_NAME = (JSON.parse(readFileSync(join(repoRoot, 'channels', channel.slug, 'channel.json'), 'utf8')) as { name: string }).name;
const words = texts(channel, 'console/src');
const t = (path: string, values: Record<string, string | number> = {}) => text(words, path, values);

/** RFC 4648 base32, as authenticator apps read the key the set-up shows. */
function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)?.map((byte) => parseInt(byte, 2)) ?? []);
}

/** The six digits an authenticator app shows for a key at a moment (RFC 6238: SHA-1, 30 s steps). */
function totp(secret: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30)));
  const digest = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(siteUrl(channel, '/console/sign-in'));
  await page.getByRole('textbox', { name: t('signIn.email') }).fill(email);
  await page.getByRole('textbox', { name: t('signIn.password'), exact: true }).fill(password);
  await page.getByRole('button', { name: t('signIn.submit') }).click();
}

async function openSection(page: Page, key: string): Promise<void> {
  await page.getByRole('navigation', { name: t('shell.nav') }).getByRole('link', { name: t(key) }).click();
}

test('the owner turns on two-step sign-in, invites a producer by mail, manages a token and reads the audit log', async ({ page, browser, request }) => {
  // Sign-ins, a mailed invitation in a second browser and four screens: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);

  await signIn(page, OWNER.email, OWNER.password);
  await expect(page.getByRole('heading', { name: t('home.title', { name: OWNER.name }) })).toBeVisible();

  // Two-step sign-in: the key from the set-up (its QR code's text beside it), then a first code.
  await page.getByRole('link', { name: t('home.setUpTotp') }).click();
  await page.getByRole('button', { name: t('totp.start') }).click();
  await expect(page.getByRole('img', { name: t('totp.qr') })).toBeVisible();
  const secret = (await page.getByLabel(t('totp.manual')).textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByRole('textbox', { name: t('totp.confirm') }).fill(totp(secret, Date.now()));
  await page.getByRole('button', { name: t('totp.enable') }).click();
  await expect(page.getByText(t('totp.enabled'))).toBeVisible();

  // Signed in again, the password alone is not enough: the form asks for a code. A code is taken
  // once (RFC 6238 §5.2), so the next step's, which the server accepts a step early, stands in for
  // the half minute an operator would wait.
  await page.getByRole('button', { name: t('shell.signOut') }).click();
  await signIn(page, OWNER.email, OWNER.password);
  const code = page.getByRole('textbox', { name: t('signIn.code') });
  await expect(code).toBeFocused();
  await expect(page.getByRole('heading', { name: t('home.title', { name: OWNER.name }) })).toBeHidden();
  await code.fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: t('signIn.verify') }).click();
  await expect(page.getByRole('heading', { name: t('home.title', { name: OWNER.name }) })).toBeVisible();

  // An invitation by email: the mail is in the demo outbox, and its link opens the invitation.
  const invitee = `producer-${Date.now()}@example.org`;
  await openSection(page, 'nav.operators');
  await page.getByRole('textbox', { name: t('operators.invite.email') }).fill(invitee);
  await page.getByRole('combobox', { name: t('operators.invite.role'), exact: true }).selectOption('producer');
  await page.getByRole('button', { name: t('operators.invite.submit') }).click();
  await expect(page.getByText(t('operators.invite.sent', { email: invitee }))).toBeVisible();

  const inviteeContext = await visitorContext(browser);
  const inviteePage = await inviteeContext.newPage();
  const mail = inviteePage.getByRole('row').filter({ hasText: invitee }).getByRole('link').first();
  await expect(async () => {
    await inviteePage.goto(siteUrl(channel, '/outbox'));
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await mail.click();
  await inviteePage.getByRole('link', { name: /\/console\/invitation\// }).first().click();
  await expect(inviteePage.getByText(t('invitation.intro', { channel: CHANNEL_NAME, role: t('roles.producer'), email: invitee }))).toBeVisible();
  await inviteePage.getByRole('textbox', { name: t('invitation.name') }).fill('Riley Producer');
  await inviteePage.getByRole('textbox', { name: t('invitation.password'), exact: true }).fill('a-producer-password-2026');
  await inviteePage.getByRole('button', { name: t('invitation.accept') }).click();
  await expect(inviteePage.getByRole('heading', { name: t('home.title', { name: 'Riley Producer' }) })).toBeVisible();
  await expect(inviteePage.getByText(t('home.intro', { role: t('roles.producer'), channel: CHANNEL_NAME }))).toBeVisible();
  // A producer's navigation has none of the owners' sections.
  await expect(inviteePage.getByRole('navigation', { name: t('shell.nav') }).getByRole('link', { name: t('nav.operators') })).toHaveCount(0);

  // On a phone the sections fold behind a button naming the one shown: opened, closed by Escape
  // (the focus back on the button), and closed by a choice, which the button then names.
  await inviteePage.setViewportSize({ width: 390, height: 844 });
  const nav = inviteePage.getByRole('navigation', { name: t('shell.nav') });
  const menu = nav.getByRole('button', { name: `${t('shell.menu')} ${t('nav.home')}` });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link')).toHaveCount(0);
  await menu.click();
  await expect(nav.getByRole('link', { name: t('nav.home') })).toBeVisible();
  await nav.getByRole('link', { name: t('nav.home') }).focus();
  await inviteePage.keyboard.press('Escape');
  await expect(menu).toBeFocused();
  await expect(nav.getByRole('link')).toHaveCount(0);
  await menu.click();
  const section = nav.getByRole('link').nth(1);
  const sectionName = (await section.textContent())?.trim() ?? '';
  await section.click();
  await expect(nav.getByRole('button', { name: `${t('shell.menu')} ${sectionName}` })).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link')).toHaveCount(0);
  await inviteeContext.close();

  await page.reload();
  await expect(page.getByRole('combobox', { name: t('operators.changeRole', { name: 'Riley Producer' }) })).toHaveValue('producer');

  // An integration token: shown once, then it works as a bearer token until it is revoked.
  await openSection(page, 'nav.tokens');
  await page.getByRole('textbox', { name: t('tokens.create.name') }).fill('League scheduler');
  await page.getByRole('button', { name: t('tokens.create.submit') }).click();
  const shown = page.getByLabel(t('tokens.once.label', { name: 'League scheduler' }));
  const token = (await shown.textContent())?.trim() ?? '';
  expect(token).toMatch(/^gsc_/);
  // A tool holding the token and no session: the console API answers it as the token's role.
  const asTool = () => request.get(...siteCall(channel, '/api/console/events', { authorization: `Bearer ${token}` }));
  expect((await asTool()).status()).toBe(200);
  await page.getByRole('button', { name: t('tokens.once.done') }).click();
  await expect(page.getByText(token)).toHaveCount(0);
  await page.getByRole('button', { name: t('tokens.revokeLabel', { name: 'League scheduler' }) }).click();
  await page.getByRole('dialog').getByRole('button', { name: t('tokens.revoke') }).click();
  await expect(page.getByText(t('tokens.revoked', { name: 'League scheduler' }))).toBeVisible();
  // Refused at once: no cache outlives a revoke.
  expect((await asTool()).status()).toBe(401);

  // The audit log names each change, newest first, with its before and after.
  await openSection(page, 'nav.audit');
  const log = page.getByRole('table');
  for (const action of ['token.revoke', 'token.create', 'invitation.accept', 'invitation.create', 'operator.totp.enable']) {
    await expect(log.getByRole('cell', { name: action, exact: true })).toBeVisible();
  }
  const revoked = log.getByRole('row').filter({ hasText: 'token.revoke' });
  await revoked.getByText(t('audit.details')).click();
  await expect(revoked.getByText('"revoked": true')).toBeVisible();
});
