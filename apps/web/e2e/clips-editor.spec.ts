import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Clip, DownloadLink } from '@grandstand/contract';
import { readChannel } from '@grandstand/contract/node';
import { channelsDir } from '../scripts/channels.ts';
import { demoChannels, siteUrl, takesTurn } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { clipsOf, freeGame, liveWindowSeconds, playhead } from './clipsSupport.ts';
import { newClipper, text, texts, visitorKey } from './viewers.ts';
import { channelUrl, expect, test, visitorContext } from './support.ts';

// The clip editor on the watch page, on both channels in their languages (spec §1, §3 Clip, §5
// clip rules), the flows taking the channels in turn: a visitor is asked to log in; a viewer cuts
// 20 s of an on-demand game, sees the spec's validation texts on the way, follows the clip to
// ready, a logged-out browser plays its share link and the MP4 download lasts 20 s; on a live game
// one press clips the last 30 s, cut at the moment of the press.

/** Waits out a preroll if one plays, then until the event itself plays. */
async function untilEventPlays(page: Page, channel: DemoChannel): Promise<void> {
  await expect(page.getByText(channel.text.sponsor, { exact: true })).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => playhead(page), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** The MP4 behind a download address, as ffprobe reads it: its length in seconds. */
async function downloadedSeconds(request: APIRequestContext, channel: DemoChannel, link: DownloadLink): Promise<number> {
  // The address answers on its channel's host only; Node reaches every host through localhost.
  const site = new URL(siteUrl(channel, '/'));
  const answer = await request.get(`http://localhost:${site.port}${link.url}`, { headers: { host: site.host } });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-disposition']).toMatch(/^attachment;/);
  const dir = mkdtempSync(join(tmpdir(), 'grandstand-clip-'));
  try {
    const file = join(dir, 'clip.mp4');
    writeFileSync(file, await answer.body());
    return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The live game's flow comes last, and its camera starts as the file begins: a demo camera starts when
// its stream is first asked for (the suite's server runs DEMO_CAMERAS=on-demand), so its window fills
// while the other flows run rather than while this one waits.
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  try {
    for (const channel of demoChannels.filter((c) => takesTurn(c, 2))) {
      await liveWindowSeconds(request, channel, await visitorKey(request, channel), (await freeGame(request, channel, 'live')).id);
    }
  } finally {
    await request.dispose();
  }
});

for (const channel of demoChannels) {
  test.describe(`clipping on ${channel.slug}`, () => {
    const watch = texts(channel, 'clips/src/watch');
    const firstTag = readChannel(channelsDir, channel.slug).config.clips?.tags[0];

    if (takesTurn(channel, 0)) test('a visitor who presses Clip is asked to log in', async ({ page, request }) => {
      const game = await freeGame(request, channel, 'finished');
      await page.goto(siteUrl(channel, `/watch/${game.id}`));
      await untilEventPlays(page, channel);
      await page.getByRole('button', { name: text(watch, 'clip'), exact: true }).click();
      const editor = page.getByRole('dialog', { name: text(watch, 'title') });
      await expect(editor.getByText(text(watch, 'reason.login'))).toBeVisible();
      await expect(editor.getByRole('link', { name: text(watch, 'reason.loginAction') })).toHaveAttribute('href', /\/login/);
    });

    if (takesTurn(channel, 1)) test('a viewer cuts 20 s of an on-demand game: the rules are checked, the clip gets ready, plays for anyone and downloads at its length', async ({ page, request, browser }) => {
      test.setTimeout(120_000);
      const { apiKey } = await newClipper(page, request, channel, 'clipper');
      const game = await freeGame(request, channel, 'finished');
      await page.goto(siteUrl(channel, `/watch/${game.id}`));
      await untilEventPlays(page, channel);
      await page.getByRole('button', { name: text(watch, 'clip'), exact: true }).click();
      const editor = page.getByRole('dialog', { name: text(watch, 'title') });
      await expect(editor.getByRole('textbox', { name: text(watch, 'fields.start') })).toBeVisible();

      // spec §5: a name and a tag are required.
      await editor.getByRole('textbox', { name: text(watch, 'fields.name') }).fill('');
      await editor.getByRole('button', { name: text(watch, 'submit') }).click();
      await expect(editor.getByText(text(watch, 'errors.nameRequired'))).toBeVisible();
      await expect(editor.getByText(text(watch, 'errors.tagRequired'))).toBeVisible();

      // spec §5: the end may not pass the end of the recording.
      await editor.getByRole('textbox', { name: text(watch, 'fields.start') }).fill('0:10');
      await editor.getByRole('textbox', { name: text(watch, 'fields.end') }).fill('59:00');
      await editor.getByRole('textbox', { name: text(watch, 'fields.name') }).fill('Twenty seconds');
      await editor.getByRole('combobox', { name: text(watch, 'fields.tag') }).selectOption({ label: firstTag!.name });
      await editor.getByRole('button', { name: text(watch, 'submit') }).click();
      await expect(editor.getByText(text(watch, 'errors.durationTooLong'))).toBeVisible();

      await editor.getByRole('textbox', { name: text(watch, 'fields.end') }).fill('0:30');
      await editor.getByRole('button', { name: text(watch, 'submit') }).click();
      // Followed to ready without a reload (spec §4).
      await expect(editor.getByText(text(watch, 'status.ready', { name: 'Twenty seconds' }))).toBeVisible({ timeout: 60_000 });
      const [clip] = (await clipsOf(request, apiKey, game.id)).filter((c) => c.name === 'Twenty seconds');
      expect(clip).toMatchObject({ status: 'ready', start_time: 10, duration: 20, tags: [firstTag!.id], live: false });

      // Its share link plays in a browser where nobody is logged in.
      await expect(editor.getByRole('link', { name: text(watch, 'status.play') })).toHaveAttribute('href', `/share/${game.id}/${clip!.uuid}`);
      const visitor = await visitorContext(browser);
      const guest = await visitor.newPage();
      await guest.goto(siteUrl(channel, `/share/${game.id}/${clip!.uuid}`));
      await expect(guest.getByRole('heading', { name: 'Twenty seconds', level: 1 })).toBeVisible();
      await guest.getByRole('button', { name: text(texts(channel, 'clips/src/library'), 'player.play') }).first().click();
      await expect.poll(() => playhead(guest), { timeout: 20_000 }).toBeGreaterThan(1);
      await visitor.close();

      // The MP4 lasts the clip's 20 s.
      const answer = await request.get(channelUrl(null, `/api/clip/download/${clip!.id}`), { params: { api_key: apiKey } });
      expect(answer.status()).toBe(200);
      const link = ((await answer.json()) as { data: DownloadLink }).data;
      expect(Math.abs((await downloadedSeconds(request, channel, link)) - 20)).toBeLessThanOrEqual(1);
    });
  });
}


for (const channel of demoChannels.filter((c) => takesTurn(c, 2))) {
  test.describe(`clipping a live game on ${channel.slug}`, () => {
    const watch = texts(channel, 'clips/src/watch');

    test('on a live game one press clips the last 30 seconds, up to the moment of the press', async ({ page, request }) => {
      test.setTimeout(150_000);
      const { apiKey } = await newClipper(page, request, channel, 'clipper');
      const game = await freeGame(request, channel, 'live');
      await page.goto(siteUrl(channel, `/watch/${game.id}`));
      await untilEventPlays(page, channel);
      // The press clips the 30 s before the player's live edge, which is a few seconds behind the
      // signal's last segment (shaka's presentation delay, up to the 15 s allowed below): the window
      // holds those 30 s once it also holds that lag.
      await expect.poll(() => liveWindowSeconds(request, channel, apiKey, game.id), { timeout: 90_000, intervals: [2_000] }).toBeGreaterThanOrEqual(30 + 15);
      await page.getByRole('button', { name: text(watch, 'clip'), exact: true }).click();
      const editor = page.getByRole('dialog', { name: text(watch, 'title') });
      const pressedAt = Date.now() / 1000;
      await editor.getByRole('button', { name: text(watch, 'live.lastSeconds', { seconds: 30 }) }).click();

      await expect.poll(async () => (await clipsOf(request, apiKey, game.id)).map((c: Clip) => c.status), { timeout: 60_000 }).toEqual(['ready']);
      const [clip] = await clipsOf(request, apiKey, game.id);
      expect(clip).toMatchObject({ live: true, duration: 30 });
      // Cut at the live edge of the press: its end on the wall clock (the signal's drawn clock is
      // copied with its frames) is the press, less the player's few seconds behind the edge.
      const end = game.event_utc_ts + clip!.start_time + clip!.duration;
      expect(end).toBeLessThanOrEqual(pressedAt + 1);
      expect(end).toBeGreaterThan(pressedAt - 15);
      // The clip's own playlist carries the signal's program date-time: the same instants.
      const site = new URL(siteUrl(channel, '/'));
      const playlist = await (await request.get(`http://localhost:${site.port}${clip!.stream_url}`, { headers: { host: site.host } })).text();
      const firstDate = /#EXT-X-PROGRAM-DATE-TIME:(\S+)/.exec(playlist)?.[1];
      expect(firstDate, 'a live clip keeps the signal’s wall clock').toBeDefined();
      expect(Math.abs(Date.parse(firstDate!) / 1000 - (game.event_utc_ts + clip!.start_time))).toBeLessThanOrEqual(2);
    });
  });
}
