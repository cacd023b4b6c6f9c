import type { APIRequestContext, Page } from '@playwright/test';
import type { Event, Favorite } from '@grandstand/contract';
import ICAL from 'ical.js';
import { demoChannels, listEvents, siteUrl } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { channelUrl, expect, test } from './support.ts';
import { registeredViewer, submitLogin, text, texts } from './viewers.ts';

// Favourites end to end on both demo channels (spec §1, §6 "Please log in to start favouriting",
// §7 Favourites calls and /events/favorite): a visitor presses follow on a watch page, logs in,
// lands back with the team followed; home shows My teams with its games; the private calendar
// address lists its upcoming games at their UTC instants; unfollowing takes them all away.

async function api<T>(request: APIRequestContext, apiKey: string, path: string, params: Record<string, string> = {}): Promise<T> {
  const answer = await request.get(channelUrl(null, `/api/${path}`), { params: { ...params, api_key: apiKey } });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

/** An upcoming game whose first team has more upcoming games: the calendar then lists several. */
async function upcomingTeamGame(request: APIRequestContext, channel: DemoChannel): Promise<{ game: Event; team: Event['participants'][number] }> {
  const upcoming = await listEvents(request, channel, { stream_status: 'upcoming' });
  const games = new Map<number, number>();
  for (const event of upcoming) for (const team of event.participants) games.set(team.id, (games.get(team.id) ?? 0) + 1);
  const game = upcoming.find((event) => event.participants.some((team) => (games.get(team.id) ?? 0) > 1)) ?? upcoming.find((event) => event.participants.length > 0);
  expect(game, `${channel.slug} has an upcoming game with a team`).toBeDefined();
  const team = game!.participants.find((candidate) => (games.get(candidate.id) ?? 0) > 1) ?? game!.participants[0]!;
  return { game: game!, team };
}

/** The calendar address's events as a calendar app reads them: each game's watch address and UTC start. */
async function calendarGames(request: APIRequestContext, address: string): Promise<Map<string, number>> {
  // Node cannot resolve `<slug>.localhost`: the same path through localhost, under the address's own
  // host (a calendar address answers only on its own channel's host).
  const { host, pathname } = new URL(address);
  const answer = await request.get(channelUrl(null, pathname), { headers: { host } });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await answer.text()));
  const games = new Map<string, number>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    const url = String(vevent.getFirstPropertyValue('url') ?? '');
    games.set(new URL(url).pathname, event.startDate.toJSDate().getTime());
  }
  return games;
}

async function myTeamsRail(page: Page, channel: DemoChannel) {
  return page.getByRole('region', { name: text(texts(channel, 'events/src'), 'home.myTeams'), exact: true });
}

for (const channel of demoChannels) {
  test(`${channel.slug}: a visitor follows a team, logs in and lands back following it; My teams, the calendar and unfollowing`, async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const follow = texts(channel, 'favourites/src');
    const profile = texts(channel, 'favourites/src/profile');
    const origin = siteUrl(channel, '/').replace(/\/$/, '');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const viewer = await registeredViewer(request, channel, 'fan');
    const { game, team } = await upcomingTeamGame(request, channel);

    // A visitor presses follow beside the team on the watch page and is asked to log in.
    await page.goto(siteUrl(channel, `/watch/${game.id}`));
    // The page comes rendered in the HTML: its buttons act once the site has taken it over.
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: text(follow, 'follow.follow', { name: team.name }) }).first().click();
    const prompt = page.getByRole('dialog');
    await expect(prompt.getByText(text(follow, 'follow.loginTitle'))).toBeVisible();
    await prompt.getByRole('button', { name: text(follow, 'follow.login') }).click();
    await expect(page).toHaveURL(/\/login$/);

    // After logging in they land back on the game, the team followed.
    await submitLogin(page, channel, viewer.email);
    await expect(page).toHaveURL(siteUrl(channel, `/watch/${game.id}`));
    await expect(page.getByText(text(follow, 'follow.followed', { name: team.name }))).toBeVisible();
    await expect(page.getByRole('button', { name: text(follow, 'follow.unfollow', { name: team.name }) }).first()).toHaveAttribute('aria-pressed', 'true');
    const favourites = await api<Favorite[]>(request, viewer.apiKey, 'favorites');
    expect(favourites.map((f) => [f.favoritable_type, f.favoritable_id])).toEqual([['participant', team.id]]);

    // Home shows My teams with that team's games.
    const teamGames = await api<Event[]>(request, viewer.apiKey, 'events/favorite', { stream_status: 'upcoming', limit: '100' });
    expect(teamGames.length).toBeGreaterThan(0);
    expect(teamGames.every((event) => event.participants.some((p) => p.id === team.id))).toBe(true);
    await page.goto(siteUrl(channel, '/'));
    const rail = await myTeamsRail(page, channel);
    await expect(rail).toBeVisible();
    // The cards' titles are composed from the teams: found by where they lead.
    await expect(rail.locator(`a[href="/watch/${teamGames[0]!.id}"]`).first()).toBeVisible();

    // The profile's calendar address lists the team's upcoming games at their UTC instants.
    await page.goto(siteUrl(channel, '/profile/favourites'));
    await expect(page.getByRole('list', { name: text(profile, 'listLabel') }).getByText(team.name, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: text(profile, 'calendar.copy') }).click();
    await expect(page.getByText(text(profile, 'calendar.copied'))).toBeVisible();
    const address = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(address).origin).toBe(origin);
    const listed = await calendarGames(request, address);
    for (const event of teamGames) expect(listed.get(`/watch/${event.id}`), `${event.name} in the calendar`).toBe(event.event_utc_ts * 1000);

    // Unfollowing (from the profile) takes the team off My teams and out of the calendar.
    const item = page.getByRole('listitem').filter({ hasText: team.name });
    await item.getByRole('button', { name: text(profile, 'remove') }).click();
    await expect(page.getByText(text(profile, 'removed', { name: team.name }))).toBeVisible();
    await expect(page.getByRole('heading', { name: text(profile, 'emptyTitle') })).toBeVisible();
    expect((await calendarGames(request, address)).size).toBe(0);
    await page.goto(siteUrl(channel, '/'));
    await page.waitForLoadState('networkidle');
    await expect(await myTeamsRail(page, channel)).toHaveCount(0);
  });
}
