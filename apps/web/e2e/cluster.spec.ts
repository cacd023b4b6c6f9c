import { request as newRequest } from '@playwright/test';
import type { APIRequestContext, Response } from '@playwright/test';
import type { Clip, ClipOptions, ConsoleLive, Event } from '@grandstand/contract';
import { startCamera } from '@grandstand/server/camera';
import type { Camera } from '@grandstand/server/camera';
import { startCluster } from '@grandstand/server/cluster';
import type { Cluster, ClusterInstance } from '@grandstand/server/cluster';
import { channelKey, demoChannels } from './channels.ts';
import { playhead } from './clipsSupport.ts';
import { expect, repoRoot, test } from './support.ts';
import { VIEWER_PASSWORD } from './viewers.ts';

// Two server instances on one PostgreSQL behind HAProxy (README: Running several instances), started
// once for this file by the cluster tools (apps/server/cluster): the live ingest and the packager run
// as processes of their own, the instances share the database, the media folder and the secrets.
// One channel, one 240p camera. What holds when an instance goes: a session made on one is known
// to the other; a clip job whose instance dies mid-cut is finished by the other; a viewer watching a
// live game keeps playing when the instance that served the page dies.

const northfield = demoChannels[0];
const PRODUCER = { email: 'producer@northfield.test', password: 'northfield-producer-2026' };
/** Stream addresses renew at half their life: a few renewals fall after the instance dies. */
const STREAM_LIFETIME = '8s';
/** How long the player must go on once the instance that served its page is gone. */
const PLAYS_ON_S = 15;

let cluster: Cluster;
let api: APIRequestContext;
const cameras: Camera[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster({
    instances: 2,
    channels: [{ slug: northfield.slug, host: northfield.host }],
    env: {
      SITES_DIR: `${repoRoot}/apps/web/dist`,
      CONSOLE_DIR: `${repoRoot}/apps/console/dist`,
      MEDIA_TOKEN_LIFETIME: STREAM_LIFETIME,
      LIVE_GRACE_SECONDS: '45',
      // A dead instance's clip job is taken over this long after its last renewal.
      CLIP_LEASE: '5s',
    },
  });
  api = await newRequest.newContext({ baseURL: cluster.url });
});

test.afterAll(async () => {
  await Promise.all(cameras.map((camera) => camera.stop()));
  await api?.dispose();
  await cluster?.stop();
});

function servedBy(response: Response | null): string {
  const name = response?.headers()['x-served-by'];
  expect(name, `${response?.url()} names the instance that answered`).toBeTruthy();
  return name!;
}

function instance(name: string): ClusterInstance {
  const found = cluster.instances.find((candidate) => candidate.name === name);
  expect(found, `instance ${name}`).toBeDefined();
  return found!;
}

/** A viewer registered through the balancer, their address confirmed from the mail in the shared outbox (clipping needs it). */
async function confirmedViewer(): Promise<{ email: string }> {
  const email = `cluster-${Date.now()}@example.org`;
  const visitor = await api.post('/api/get_api_key', { data: { channel_key: channelKey(northfield) } });
  const visitorKey = ((await visitor.json()) as { data: { api_key: string } }).data.api_key;
  const registered = await api.post('/api/v2/auth/register', {
    data: { api_key: visitorKey, email, password: VIEWER_PASSWORD, password_confirmation: VIEWER_PASSWORD, first_name: 'Robin', last_name: 'Cluster', terms: true },
  });
  expect(registered.status()).toBe(200);
  const apiKey = ((await registered.json()) as { data: { api_key: string } }).data.api_key;
  let message: string | undefined;
  await expect(async () => {
    const list = await (await api.get('/outbox')).text();
    message = /href="(\/outbox\/[^"]+)"/.exec(list.split('<tr>').find((row) => row.includes(email)) ?? '')?.[1];
    expect(message).toBeDefined();
  }).toPass({ timeout: 15_000 });
  const mail = await (await api.get(message!)).text();
  const link = new URLSearchParams(/\/verify-email\?([^"'<\s]+)/.exec(mail)?.[1]?.replaceAll('&amp;', '&'));
  const verified = await api.post('/api/auth/email-verify', { data: { api_key: apiKey, email: link.get('email'), expires: link.get('expires'), signature: link.get('signature') } });
  expect(verified.status()).toBe(200);
  return { email };
}

test('two instances behind the balancer: a session, a live game and a clip job outlive the instance that served them', async ({ page }) => {
  test.setTimeout(300_000);
  const [a, b] = cluster.instances as [ClusterInstance, ClusterInstance];

  // A viewer logs in through one instance and is recognised by the other.
  const viewer = await confirmedViewer();
  await page.goto(`${cluster.url}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(viewer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(VIEWER_PASSWORD);
  const loggedIn = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/auth/login') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Log in' }).last().click();
  const login = await loggedIn;
  expect(login.status()).toBe(200);
  const loginInstance = servedBy(login);
  const session = ((await login.json()) as { data: { api_key: string } }).data.api_key;
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
  const other = loginInstance === a.name ? b : a;
  // Past the balancer, straight to the other instance.
  const profile = await api.get(`${other.url}/api/profile`, { params: { api_key: session } });
  expect(profile.status()).toBe(200);
  expect(JSON.stringify(await profile.json())).toContain(viewer.email);
  // And in the browser: the instance that logged the viewer in is taken out of the balancer's
  // rotation; the profile page, every request of it answered by the other, still knows the viewer.
  const profileCalls: { instance: string; status: number }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/profile') profileCalls.push({ instance: response.headers()['x-served-by'] ?? '', status: response.status() });
  });
  await cluster.balancer.setServer(loginInstance, 'maint');
  try {
    await page.goto(`${cluster.url}/profile`);
    await expect(page.getByText(viewer.email)).toBeVisible();
  } finally {
    await cluster.balancer.setServer(loginInstance, 'ready');
  }
  expect(profileCalls.length).toBeGreaterThan(0);
  expect(profileCalls.every((call) => call.instance === other.name && call.status === 200), JSON.stringify(profileCalls)).toBe(true);
  await expect.poll(async () => Object.values(await cluster.balancer.servers()), { timeout: 15_000 }).toEqual(['UP', 'UP']);

  // A camera goes live on a free game; its stream key read in the control room by the producer.
  const producer = await newRequest.newContext({ baseURL: cluster.url, extraHTTPHeaders: { origin: cluster.url } });
  try {
    expect((await producer.post('/api/console/session', { data: PRODUCER })).status()).toBe(200);
    const listed = await api.get('/api/events', { params: { api_key: session, stream_status: 'live', limit: '100' } });
    const game = ((await listed.json()) as { data: Event[] }).data.find((event) => event.access_type === 'free');
    expect(game, 'the demo has a free live game').toBeDefined();
    const liveScreen = await producer.get(`/api/console/events/${game!.id}/live`);
    expect(liveScreen.status()).toBe(200);
    const { ingest } = (await liveScreen.json()) as ConsoleLive;
    // Server + "/" + Stream key, as an encoder joins them.
    cameras.push(startCamera({ url: `${ingest.server}/${ingest.streamKey}`, name: 'Cluster camera' }));

    // The viewer watches; the instance that served the watch page dies (killed, as a crash).
    const watch = await page.goto(`${cluster.url}/watch/${game!.id}`);
    const pageInstance = instance(servedBy(watch));
    await expect.poll(() => playhead(page), { timeout: 60_000 }).toBeGreaterThan(2);
    const survivor = pageInstance === a ? b : a;
    const afterKill: { path: string; instance: string; status: number }[] = [];
    let killed = false;
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (killed && (path.startsWith('/media/') || path.startsWith('/api/'))) afterKill.push({ path, instance: response.headers()['x-served-by'] ?? '', status: response.status() });
    });
    await pageInstance.kill();
    killed = true;
    const killedAt = await playhead(page);
    await expect.poll(() => playhead(page), { timeout: (PLAYS_ON_S + 30) * 1000 }).toBeGreaterThan(killedAt + PLAYS_ON_S);
    expect(await page.evaluate(() => document.querySelector('video')?.error?.code ?? null)).toBeNull();
    // Everything the player asked for meanwhile (segments, playlists, renewed stream addresses) the survivor answered.
    expect(afterKill.some((call) => call.path.startsWith('/media/'))).toBe(true);
    expect(afterKill.filter((call) => call.status >= 400 || call.instance !== survivor.name)).toEqual([]);

    // Back to two instances for the clip.
    await pageInstance.start();
    await expect.poll(async () => Object.values(await cluster.balancer.servers()), { timeout: 15_000 }).toEqual(['UP', 'UP']);

    // A clip of the last seconds, asked of instance a while b hangs, so that a takes its job; a is
    // frozen mid-job, then killed: b takes the job over once a's lease lapses and finishes it.
    const options = ((await (await api.get('/api/clips/options', { params: { api_key: session, event_id: String(game!.id) } })).json()) as { data: ClipOptions }).data;
    expect(options.can_clip, JSON.stringify(options)).toBe(true);
    const event = ((await (await api.get(`/api/events/${game!.id}`, { params: { api_key: session } })).json()) as { data: Event }).data;
    const duration = 6;
    const startTime = Math.floor(Date.now() / 1000 - event.event_utc_ts) - 4 - duration;
    b.freeze();
    let clip: Clip;
    try {
      const asked = await api.post(`${a.url}/api/clip`, { data: { api_key: session, event_id: game!.id, name: 'Cluster clip', start_time: startTime, duration, tags: [options.tags[0]!.id] } });
      expect(asked.status(), await asked.text()).toBe(200);
      clip = ((await asked.json()) as { data: Clip }).data;
      await expect.poll(async () => (await cluster.query<{ claim: string | null }>('select claim from clip_jobs where clip_id = $1', [clip.id]))[0]?.claim ?? null, { timeout: 10_000, intervals: [10] }).not.toBeNull();
      a.freeze();
    } finally {
      b.resume();
    }
    // a holds the job, cut not finished, when it dies.
    const [held] = await cluster.query<{ claim: string | null; status: string }>('select j.claim, c.status from clip_jobs j join clips c on c.id = j.clip_id where j.clip_id = $1', [clip.id]);
    expect(held).toMatchObject({ status: 'processing' });
    expect(held!.claim).not.toBeNull();
    await a.kill();
    const statusOf = async () => {
      const answer = await api.get(`/api/clips/event/${game!.id}`, { params: { api_key: session } });
      return ((await answer.json()) as { data: Clip[] }).data.find((mine) => mine.id === clip.id)?.status;
    };
    await expect.poll(statusOf, { timeout: 90_000, intervals: [1000] }).toBe('ready');
    const ready = ((await (await api.get(`/api/clips/event/${game!.id}`, { params: { api_key: session } })).json()) as { data: Clip[] }).data.find((mine) => mine.id === clip.id)!;
    expect(ready.duration).toBeGreaterThanOrEqual(duration - 1);
    // Its job is settled, by b: the only instance left.
    expect(await cluster.query('select id from clip_jobs where clip_id = $1', [clip.id])).toEqual([]);
  } finally {
    await producer.dispose();
  }
});
