import type { Page } from '@playwright/test';
import type { EventDetail } from '@grandstand/contract';
import { demoChannels, listEvents, siteUrl } from './channels.ts';
import { channelUrl, expect, test, visitorContext } from './support.ts';
import { newViewer, text, texts, visitorKey } from './viewers.ts';

// spec §6 `no_ads`: the server hands a viewer holding it no preroll, live and on demand, so the site
// plays none. The demo viewer whose account holds it (channels/README.md) watches northfield's free
// live game, which every other viewer sees after the live sponsor, and a finished game of a sport
// the on-demand sponsor covers.
const channel = demoChannels[0];
const ADFREE = { email: 'adfree@northfield.example', password: 'northfield-adfree-2026' };

/** The preroll files the page asks for from now on. */
function prerollRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/media/prerolls/')) urls.push(request.url());
  });
  return urls;
}

function playhead(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
}

test('a viewer holding no_ads sees no preroll, live or on demand, where another viewer sees one', async ({ page, browser, request }) => {
  // Two viewers, two logins and two games starting on a machine shared with other runs.
  test.setTimeout(180_000);
  const [live] = (await listEvents(request, channel, { stream_status: 'live' })).filter((e) => e.access_type === 'free');
  expect(live, 'the demo has a free live game').toBeDefined();

  // Another viewer, logged in: the live sponsor plays first.
  await newViewer(page, request, channel, 'with-ads');
  await page.goto(siteUrl(channel, `/watch/${live!.id}`));
  await expect(page.getByText(channel.text.sponsor, { exact: true })).toBeVisible({ timeout: 20_000 });

  // The ad-free demo viewer, in a browser of their own.
  const context = await visitorContext(browser);
  const adfree = await context.newPage();
  const asked = prerollRequests(adfree);
  const auth = texts(channel, 'auth/src');
  await adfree.goto(siteUrl(channel, '/login'));
  await adfree.getByRole('textbox', { name: text(auth, 'fields.email') }).fill(ADFREE.email);
  await adfree.getByRole('textbox', { name: text(auth, 'fields.password'), exact: true }).fill(ADFREE.password);
  await adfree.getByRole('button', { name: text(auth, 'login.submit') }).last().click();
  await expect(adfree).not.toHaveURL(/\/login/);

  await adfree.goto(siteUrl(channel, `/watch/${live!.id}`));
  await expect.poll(() => playhead(adfree), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(adfree.getByText(channel.text.sponsor, { exact: true })).toHaveCount(0);

  // On demand: a finished game of a sport the on-demand sponsor covers.
  const login = await request.post(channelUrl(null, '/api/v2/auth/login'), { data: { api_key: await visitorKey(request, channel), ...ADFREE } });
  const key = ((await login.json()) as { data: { api_key: string } }).data.api_key;
  const finished = (await listEvents(request, channel, { stream_status: 'finished' })).filter((e) => e.access_type === 'free');
  let covered: EventDetail | undefined;
  for (const event of finished) {
    const visitor = (await (await request.get(channelUrl(null, `/api/events/${event.id}`), { params: { api_key: await visitorKey(request, channel) } })).json()) as { data: EventDetail };
    if ((visitor.data.stream?.prerolls ?? []).length > 0) {
      covered = visitor.data;
      break;
    }
  }
  expect(covered, 'a free finished game has an on-demand preroll for a visitor').toBeDefined();
  const own = (await (await request.get(channelUrl(null, `/api/events/${covered!.id}`), { params: { api_key: key } })).json()) as { data: EventDetail };
  expect(own.data.stream?.prerolls).toEqual([]);
  await adfree.goto(siteUrl(channel, `/watch/${covered!.id}`));
  await expect.poll(() => playhead(adfree), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(adfree.getByText(channel.text.sponsor, { exact: true })).toHaveCount(0);
  expect(asked).toEqual([]);
  await context.close();
});
