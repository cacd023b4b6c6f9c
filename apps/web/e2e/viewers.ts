import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { readChannel } from '@grandstand/contract/node';
import { channelsDir } from '../scripts/channels.ts';
import { channelKey, siteCall, siteUrl } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { channelUrl, expect, repoRoot } from './support.ts';

// What the feature end-to-end tests share: the product's texts in each channel's language and a
// fresh viewer, registered through the API and logged in on the site as a person would.

export type Messages = Record<string, unknown>;

const locale = (path: string): Messages => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as Messages;

/** The channel's language (its folder says it), for the texts a viewer of that channel reads. */
export function languageOf(channel: DemoChannel): 'en' | 'fr' {
  return readChannel(channelsDir, channel.slug).config.language === 'fr' ? 'fr' : 'en';
}

/** A feature's texts in the channel's language: `texts(channel, 'clips/src/watch')`. */
export function texts(channel: DemoChannel, feature: string): Messages {
  return locale(`packages/features/${feature}/locales/${languageOf(channel)}.json`);
}

/** A text of the product's own locale files, so the test reads what a person reads. */
export function text(files: Messages, path: string, values: Record<string, string | number> = {}): string {
  let node: unknown = files;
  for (const key of path.split('.')) node = (node as Messages | undefined)?.[key];
  if (typeof node !== 'string') throw new Error(`No text at ${path}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

export const VIEWER_PASSWORD = 'grandstand-e2e-viewer-5120';

export async function visitorKey(request: APIRequestContext, channel: DemoChannel): Promise<string> {
  const answer = await request.post(channelUrl(null, '/api/get_api_key'), { data: { channel_key: channelKey(channel) } });
  return ((await answer.json()) as { data: { api_key: string } }).data.api_key;
}

/** A fresh viewer registered through the API; their session key and email returned, nobody logged in on the site. */
export async function registeredViewer(request: APIRequestContext, channel: DemoChannel, prefix = 'viewer'): Promise<{ email: string; apiKey: string }> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
  const registered = await request.post(channelUrl(null, '/api/v2/auth/register'), {
    data: { api_key: await visitorKey(request, channel), email, password: VIEWER_PASSWORD, password_confirmation: VIEWER_PASSWORD, first_name: 'Robin', last_name: 'Viewer', terms: true },
  });
  expect(registered.status()).toBe(200);
  return { email, apiKey: ((await registered.json()) as { data: { api_key: string } }).data.api_key };
}

/** Fills the site's login form on the page it is on (`/login`) and waits to be sent on. */
export async function submitLogin(page: Page, channel: DemoChannel, email: string): Promise<void> {
  const auth = texts(channel, 'auth/src');
  await page.getByRole('textbox', { name: text(auth, 'fields.email') }).fill(email);
  await page.getByRole('textbox', { name: text(auth, 'fields.password'), exact: true }).fill(VIEWER_PASSWORD);
  await page.getByRole('button', { name: text(auth, 'login.submit') }).last().click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Logs out from the site's bar on an English channel. Where the bar has no room for the menu beside
 * the account entries, log out is in the folded menu; whether it folds is known only once the bar
 * shows the account (its entries widen it), so the fold is looked at again until log out is pressed.
 */
export async function logOutOnSite(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Menu' });
  const logOut = banner.getByRole('button', { name: 'Log out' });
  await expect(async () => {
    if (!(await logOut.isVisible()) && (await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await logOut.click({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(banner.getByRole('link', { name: 'Log in' })).toBeVisible();
}

/** A fresh viewer, registered through the API (its session key returned), then logged in on the site as a person would. */
export async function newViewer(page: Page, request: APIRequestContext, channel: DemoChannel, prefix = 'viewer'): Promise<{ email: string; apiKey: string }> {
  const viewer = await registeredViewer(request, channel, prefix);
  await page.goto(siteUrl(channel, '/login'));
  await submitLogin(page, channel, viewer.email);
  return viewer;
}

/**
 * Confirms a registered viewer's address as the person does, through the verification mail in the
 * demo outbox (mail leaves after the registration answers, so the outbox is read until it is
 * there): making clips needs a confirmed address.
 */
export async function confirmEmail(request: APIRequestContext, channel: DemoChannel, email: string, apiKey: string): Promise<void> {
  let message: string | undefined;
  await expect(async () => {
    const list = await (await request.get(...siteCall(channel, '/outbox'))).text();
    message = /href="(\/outbox\/[^"]+)"/.exec(list.split('<tr>').find((row) => row.includes(email)) ?? '')?.[1];
    expect(message).toBeDefined();
  }).toPass({ timeout: 15_000 });
  const mail = await (await request.get(...siteCall(channel, message!))).text();
  const query = /\/verify-email\?([^"'<\s]+)/.exec(mail)?.[1]?.replaceAll('&amp;', '&');
  expect(query).toBeDefined();
  const link = new URLSearchParams(query);
  const answer = await request.post(channelUrl(null, '/api/auth/email-verify'), {
    data: { api_key: apiKey, email: link.get('email'), expires: link.get('expires'), signature: link.get('signature') },
  });
  expect(answer.status()).toBe(200);
}

/** A fresh viewer who confirmed their address (as clipping needs), then logged in on the site. */
export async function newClipper(page: Page, request: APIRequestContext, channel: DemoChannel, prefix = 'clipper'): Promise<{ email: string; apiKey: string }> {
  const viewer = await registeredViewer(request, channel, prefix);
  await confirmEmail(request, channel, viewer.email, viewer.apiKey);
  await page.goto(siteUrl(channel, '/login'));
  await submitLogin(page, channel, viewer.email);
  return viewer;
}
