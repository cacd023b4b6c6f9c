import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Clip, ConsoleEventOptions, ConsoleEventsResponse, ConsoleLive, Event } from '@grandstand/contract';
import { startCamera } from '@grandstand/server/camera';
import type { Camera } from '@grandstand/server/camera';
import { demoChannels, siteUrl } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { apiGet, CARDS, checkoutEvent, escape, payWithNewCard, texts as buyerTexts } from './checkout.ts';
import { clipsOf, liveWindowSeconds, mediaPlaylist, playhead } from './clipsSupport.ts';
import { consoleGet, localDateTime, uniqueName } from './consoleSupport.ts';
import { expect, repoRoot, test, visitorContext } from './support.ts';
import { confirmEmail, languageOf, registeredViewer, submitLogin, text, texts } from './viewers.ts';
import type { Messages } from './viewers.ts';

// Going live from a camera, end to end on each channel in its language: the demo producer creates a
// paid game starting now in the control room and copies the encoder's Server and Stream key from its
// live screen; an ffmpeg camera publishes to them as an encoder would; a buyer's watch page, open
// before the camera started, turns live without a reload and plays; a clip of the last 30 s becomes
// ready; the camera drops for 20 s and the player resumes on the same timeline; the producer ends
// the event, and within 60 s its recording is on demand and plays from the start.
//
// The suite's server runs the ingest on its own ports with a short grace period (playwright.config.ts):
// longer than the 20 s drop, so the drop is a loss and not the end.

/** spec: "within 60 s of the end, the event is on demand with its recording". */
const ON_DEMAND_WITHIN = 60_000;
/** The journey's drop: the camera stays away this long, inside the grace period. */
const DROP_MS = 20_000;
/** Where the live screen's pictures go when asked for (`E2E_SHOTS_DIR`): 1366 and 390 px wide, in English and French. */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

function liveJourney(channel: DemoChannel): void {
  const PRODUCER = { email: `producer@${channel.slug}.test`, password: `${channel.slug}-producer-2026` };
  const language = languageOf(channel);
  const consoleTexts = texts(channel, 'console/src');
  const schedule = texts(channel, 'schedule/src');
  const clipTexts = texts(channel, 'clips/src/watch');
  const watchTexts = texts(channel, 'events/src/watch');
  const buyer = buyerTexts(language);

  async function signIn(page: Page): Promise<void> {
    await page.goto(siteUrl(channel, '/console/sign-in'));
    await page.getByRole('textbox', { name: text(consoleTexts, 'signIn.email') }).fill(PRODUCER.email);
    await page.getByRole('textbox', { name: text(consoleTexts, 'signIn.password'), exact: true }).fill(PRODUCER.password);
    await page.getByRole('button', { name: text(consoleTexts, 'signIn.submit') }).click();
    await expect(page.getByRole('navigation', { name: text(consoleTexts, 'shell.nav') })).toBeVisible();
  }

  /** The live screen's figure `name` (a term of its lists). */
  function figure(page: Page, name: string): Locator {
    return page.locator('dt', { hasText: new RegExp(`^${escape(name)}$`) }).locator('xpath=following-sibling::dd[1]');
  }

  /** A copy button's text, read back from the clipboard. */
  async function copied(page: Page, button: string): Promise<string> {
    await page.getByRole('button', { name: button }).click();
    return page.evaluate(() => navigator.clipboard.readText());
  }

  /** The live screen at both widths, in both languages, when pictures are asked for. */
  async function pictures(page: Page, moment: string): Promise<void> {
    if (!SHOTS_DIR) return;
    mkdirSync(SHOTS_DIR, { recursive: true });
    // Named in the language the console shows at the moment.
    const names = ['en', 'fr'].map((shown) => escape(text(JSON.parse(readFileSync(join(repoRoot, `packages/features/console/src/locales/${shown}.json`), 'utf8')) as Messages, 'shell.language')));
    const switchTo = (to: string) => page.getByRole('combobox', { name: new RegExp(`^(${names.join('|')})$`) }).selectOption(to);
    for (const shown of [language, language === 'en' ? 'fr' : 'en']) {
      await switchTo(shown);
      await expect(page.locator('html')).toHaveAttribute('lang', shown);
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: join(SHOTS_DIR, `${channel.slug}-${moment}-${shown}-${width}.png`), fullPage: true });
      }
    }
    await switchTo(language);
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  /** A buyer with a confirmed address (clipping needs one), logged in on the site, who buys the event with the sandbox card. */
  async function buyerOf(page: Page, request: APIRequestContext, event: Event): Promise<string> {
    const viewer = await registeredViewer(request, channel, 'live-buyer');
    await confirmEmail(request, channel, viewer.email, viewer.apiKey);
    await page.goto(siteUrl(channel, '/login'));
    await submitLogin(page, channel, viewer.email);
    await checkoutEvent(page, channel, buyer, event);
    await payWithNewCard(page, buyer, CARDS.ok);
    await page.getByRole('button', { name: new RegExp(`^${escape(buyer('commerce.checkout.pay', { price: '' }).trim())}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/watch/${event.id}$`), { timeout: 20_000 });
    return viewer.apiKey;
  }

  /** The event's own video plays (after a preroll, if one plays first): its playhead moves past `after`. */
  async function plays(page: Page, after = 0): Promise<void> {
    // One look at both: the preroll may not have begun when the page is first read, and its own
    // playhead moves too, so "no sponsor label" and "the playhead moved" must hold at once.
    const sponsor = page.getByText(channel.text.sponsor, { exact: true });
    await expect.poll(async () => (await sponsor.count()) === 0 && (await playhead(page)) > after + 1, { timeout: 60_000 }).toBe(true);
  }

  test(`${channel.slug}: a camera goes live on a paid game made in the control room, drops and resumes, is ended, and its recording is on demand`, async ({ page, browser, request }) => {
    test.setTimeout(300_000);
    const cameras: Camera[] = [];
    const viewers = await visitorContext(browser);
    try {
      // The producer creates a paid game starting now.
      await signIn(page);
      const options = await consoleGet<ConsoleEventOptions>(page, '/events/options');
      const sport = options.sports[0];
      expect(sport, 'the demo has a sport').toBeDefined();
      const name = uniqueName('Camera Night');
      await page.goto(siteUrl(channel, '/console/events/new'));
      await page.getByRole('textbox', { name: text(schedule, 'form.name') }).fill(name);
      await page.getByRole('combobox', { name: text(schedule, 'form.sport') }).selectOption({ label: sport!.name });
      await page.getByLabel(text(schedule, 'form.startsAt')).fill(localDateTime(new Date(), options.defaultTimeZone));
      await page.getByRole('radio', { name: text(schedule, 'form.accessTypes.paid') }).check();
      await page.getByRole('textbox', { name: new RegExp(`^${escape(text(schedule, 'form.price'))} `) }).fill('6.50');
      await page.getByRole('textbox', { name: new RegExp(`^${escape(text(schedule, 'form.serviceFee'))} `) }).fill('1');
      await page.getByRole('button', { name: text(schedule, 'form.create') }).click();
      await expect(page.getByText(text(schedule, 'form.created', { name }))).toBeVisible();
      const { events } = await consoleGet<ConsoleEventsResponse>(page, `/events?q=${encodeURIComponent(name)}`);
      const created = events.find((event) => event.name === name)!;
      expect(created).toMatchObject({ accessType: 'paid', published: true, streamStatus: 'upcoming' });

      // Its live screen, from the list: the encoder's settings, copied with their buttons.
      await page.getByRole('link', { name: text(schedule, 'list.liveEvent', { name }) }).click();
      await expect(page.getByText(text(schedule, 'live.state.idle'), { exact: true })).toBeVisible();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
      const server = await copied(page, text(schedule, 'live.ingest.copyServer'));
      const streamKey = await copied(page, text(schedule, 'live.ingest.copyKey'));
      expect(server).toMatch(/^rtmp:\/\/[^/]+(:\d+)?\/live$/);
      expect(streamKey.length).toBeGreaterThanOrEqual(32);
      // Hidden until shown.
      await expect(page.getByText(streamKey)).toHaveCount(0);
      await page.getByRole('button', { name: text(schedule, 'live.ingest.showKey') }).click();
      await expect(page.getByText(streamKey)).toBeVisible();

      // A buyer pays and waits on the watch page, before the camera starts; nothing reloads it from now on.
      const watcher = await viewers.newPage();
      const viewerEvent = await apiGet<Event>(request, channel, `events/${created.id}`);
      const buyerKey = await buyerOf(watcher, request, viewerEvent);
      await expect(watcher.locator('video')).toHaveCount(0);
      await watcher.evaluate(() => Object.assign(window, { stayedOnPage: true }));

      // The camera publishes to Server + "/" + Stream key, as OBS joins them.
      const cameraUrl = `${server}/${streamKey}`;
      cameras.push(startCamera({ url: cameraUrl, name }));
      const liveAt = Date.now();
      await expect(page.getByText(text(schedule, 'live.state.live'), { exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(figure(page, text(schedule, 'live.health.resolution'))).toHaveText('426×240', { timeout: 20_000 });
      await expect(figure(page, text(schedule, 'live.health.keyframe'))).toHaveText(text(schedule, 'live.health.keyframeValue', { value: 1 }));
      await expect(figure(page, text(schedule, 'live.health.audio'))).toHaveText(text(schedule, 'live.health.audioYes'));

      // The buyer's page turns live by itself and plays.
      await plays(watcher);
      expect(await watcher.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
      await expect(figure(page, text(schedule, 'live.health.viewers'))).not.toHaveText('0', { timeout: 10_000 });
      await pictures(page, 'live');

      // A clip of the last 30 s, once the window holds them and the player's lag behind its edge.
      await expect.poll(() => liveWindowSeconds(request, channel, buyerKey, created.id), { timeout: 60_000, intervals: [2_000] }).toBeGreaterThanOrEqual(30 + 15);
      await watcher.getByRole('button', { name: text(clipTexts, 'clip'), exact: true }).click();
      await watcher.getByRole('dialog', { name: text(clipTexts, 'title') }).getByRole('button', { name: text(clipTexts, 'live.lastSeconds', { seconds: 30 }) }).click();
      const clipReady = expect.poll(async () => (await clipsOf(request, buyerKey, created.id)).map((clip: Clip) => clip.status), { timeout: 90_000 }).toEqual(['ready']);

      // The camera drops for 20 s: the event waits in its grace period, then the camera reconnects
      // with its keyframes 4 s apart (an encoder set badly), which the live screen warns of.
      await cameras.pop()!.stop();
      const droppedAt = Date.now();
      await expect(page.getByText(text(schedule, 'live.state.lost'), { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect.poll(async () => (await apiGet<Event & { live_signal?: string }>(request, channel, `events/${created.id}`)).live_signal, { timeout: 15_000 }).toBe('lost');
      // The buyer sees the "back in a moment" slate over the player.
      await expect(watcher.getByRole('status').getByText(text(watchTexts, 'signal.lost'), { exact: true })).toBeVisible({ timeout: 15_000 });
      await watcher.waitForTimeout(Math.max(0, droppedAt + DROP_MS - Date.now()));
      // Where the player stands after 20 s without a signal (its buffer long played out).
      const stalledAt = await playhead(watcher);
      cameras.push(startCamera({ url: cameraUrl, name, keyframeSeconds: 4 }));
      const resumedAt = Date.now();
      await expect(page.getByText(text(schedule, 'live.state.live'), { exact: true })).toBeVisible({ timeout: 20_000 });
      await plays(watcher, stalledAt + 2);
      expect(await watcher.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
      await expect(page.getByRole('alert', { name: text(schedule, 'live.health.warnings') })).toContainText(text(schedule, 'live.health.keyframeWarning', { value: 4 }), { timeout: 30_000 });
      await pictures(page, 'warning');
      await clipReady;
      const [clip] = await clipsOf(request, buyerKey, created.id);
      expect(clip).toMatchObject({ live: true, duration: 30 });

      // The producer ends the event; within 60 s it is on demand with its recording.
      await page.getByRole('button', { name: text(schedule, 'live.end.button') }).click();
      await page.getByRole('dialog').getByRole('button', { name: text(schedule, 'live.end.confirmOk') }).click();
      const endedAt = Date.now();
      await expect(page.getByText(text(schedule, 'live.recording.ready'))).toBeVisible({ timeout: ON_DEMAND_WITHIN });
      await expect.poll(async () => (await apiGet<Event>(request, channel, `events/${created.id}`)).stream_status, { timeout: ON_DEMAND_WITHIN - (Date.now() - endedAt) }).toBe('finished');
      const live = await consoleGet<ConsoleLive>(page, `/events/${created.id}/live`);
      expect(live).toMatchObject({ state: 'ended', recording: { status: 'ready' } });
      // The whole game: all the camera sent before the drop (its first segment takes a few seconds and
      // the one in flight when it stopped is lost), then, after a discontinuity, what it sent once
      // back; never more than it published.
      const published = (droppedAt - liveAt + (endedAt - resumedAt)) / 1000;
      expect(live.recording.durationS).toBeGreaterThan((droppedAt - liveAt) / 1000 - 8);
      expect(live.recording.durationS).toBeLessThan(published + 5);
      const recording = await mediaPlaylist(request, channel, buyerKey, created.id);
      expect(recording).toContain('#EXT-X-ENDLIST');
      expect(recording.split('#EXT-X-DISCONTINUITY\n').length - 1, 'the camera’s two connections, one after the other').toBe(1);
      await expect(page.getByRole('img', { name: text(schedule, 'live.recording.poster') })).toBeVisible();
      await pictures(page, 'recording');

      // The buyer's recording plays from its start.
      await watcher.goto(siteUrl(channel, `/watch/${created.id}`));
      // The recording's own length (a preroll for on demand may play first, with its own).
      await expect.poll(() => watcher.evaluate(() => document.querySelector('video')?.duration ?? 0), { timeout: 60_000 }).toBeGreaterThan(live.recording.durationS! - 5);
      await plays(watcher);
      expect(await playhead(watcher)).toBeLessThan(15);
    } finally {
      await Promise.all(cameras.map((camera) => camera.stop()));
      await viewers.close();
    }
  });
}

for (const channel of demoChannels) liveJourney(channel);
