import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHANNEL_ERROR_CODES, ChannelLook, CONSOLE_CODES, NewTokenResponse, PlatformChannelResponse, PlatformChannelsResponse } from '@grandstand/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, FIXTURE_CHANNELS_DIR, type TestApp } from '../../../test/helper.ts';
import { listOutbox } from '../mail/index.ts';
import { seedOperators } from '../operators/seed.ts';
import { consoleCall, hostOf, makeOperator, signIn } from '../operators/testing.ts';

/**
 * Channels as data, the control room's side (spec §1): the platform owner's calls are refused to
 * everyone else (signed out, owners of a channel, other roles, tokens, the platform owner on
 * another host); a channel owner's calls are refused to other roles, other channels and tokens;
 * bad input names the field; a taken domain is 409; a suspended channel hands out no stream.
 */

let t: TestApp;
let outboxDir: string;
let alpha: number;
let bravo: number;
const cookies: Record<string, string> = {};
let ownerToken: string;

/** A console call with any method (PUT included) and raw bodies (the logo). */
function call(slug: string, method: string, url: string, options: { credential?: string; payload?: unknown; type?: string; host?: string } = {}): Promise<LightMyRequestResponse> {
  const host = options.host ?? hostOf(slug);
  const headers: Record<string, string> = { host, origin: `http://${host}` };
  if (options.credential?.startsWith('gsc_')) headers.authorization = `Bearer ${options.credential}`;
  else if (options.credential) headers.cookie = `grandstand_console=${options.credential}`;
  if (options.type) headers['content-type'] = options.type;
  const payload = options.payload;
  return t.app.inject({ method: method as 'GET', url: `/api/console${url}`, headers, ...(payload === undefined ? {} : { payload: payload as string }) });
}

beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'channels-outbox-'));
  t = await buildTestApp({ mail: { secret: 'channels-test-secret-0123456789', outboxDir } });
  alpha = t.channel('alpha').id;
  bravo = t.channel('bravo').id;
  await makeOperator(t.app, 'platform@example.test', [[alpha, 'owner']]);
  await t.app.db.updateTable('operators').set({ is_platform_owner: true }).where('email', '=', 'platform@example.test').execute();
  await makeOperator(t.app, 'alpha-owner@example.test', [[alpha, 'owner']]);
  await makeOperator(t.app, 'alpha-producer@example.test', [[alpha, 'producer']]);
  await makeOperator(t.app, 'bravo-owner@example.test', [[bravo, 'owner']]);
  // A platform owner who holds a role on bravo too, signed in there: the platform is run from the default host only.
  await makeOperator(t.app, 'platform@example.test', [[bravo, 'owner']]);
  cookies.platform = await signIn(t.app, 'alpha', 'platform@example.test');
  cookies.platformOnBravo = await signIn(t.app, 'bravo', 'platform@example.test');
  cookies.alphaOwner = await signIn(t.app, 'alpha', 'alpha-owner@example.test');
  cookies.alphaProducer = await signIn(t.app, 'alpha', 'alpha-producer@example.test');
  cookies.bravoOwner = await signIn(t.app, 'bravo', 'bravo-owner@example.test');
  const token = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/tokens', credential: cookies.alphaOwner, payload: { name: 'tool', role: 'owner' } });
  ownerToken = NewTokenResponse.parse(token.json()).token;
});

afterAll(async () => {
  await t.close();
  await rm(outboxDir, { recursive: true, force: true });
});

describe('the platform owner’s calls', () => {
  const routes = [
    { method: 'GET', url: '/platform/channels' },
    { method: 'POST', url: '/platform/channels', payload: { slug: 'refused', name: 'Refused', language: 'en', currency: 'USD', owner_email: 'x@example.test' } },
    { method: 'PATCH', url: '/platform/channels/2', payload: { status: 'suspended' } },
  ];

  for (const route of routes) {
    it(`${route.method} ${route.url} is refused to everyone but the platform owner on the default host`, async () => {
      const attempts: Array<[string, string | undefined, string, number]> = [
        ['signed out', undefined, 'alpha', 401],
        ['a channel owner', cookies.alphaOwner, 'alpha', 403],
        ['a producer', cookies.alphaProducer, 'alpha', 403],
        ['an owner’s integration token', ownerToken, 'alpha', 403],
        ['another channel’s owner', cookies.bravoOwner, 'bravo', 403],
        ['the platform owner on another channel’s host', cookies.platformOnBravo, 'bravo', 403],
        ['the platform owner’s alpha session on bravo’s host', cookies.platform, 'bravo', 403],
      ];
      for (const [who, credential, slug, status] of attempts) {
        const response = await call(slug, route.method, route.url, { credential, payload: route.payload });
        expect(response.statusCode, who).toBe(status);
        expect(response.json().code, who).toBe(status === 401 ? CONSOLE_CODES.signedOut : CONSOLE_CODES.forbidden);
      }
      // Nothing was made or changed by the refused calls.
      expect(await t.app.db.selectFrom('channels').select('id').where('slug', '=', 'refused').executeTakeFirst()).toBeUndefined();
      expect(t.app.channels.byId(bravo)?.status).toBe('active');
    });
  }

  it('a seed’s platform owner (the demo’s) runs the platform; a re-seed of the same account never clears the flag', async () => {
    const seeded = { email: 'Seeded-Platform@example.test', name: 'Seeded', password: 'seeded-platform-2026', role: 'owner' as const, platform_owner: true };
    await seedOperators(t.app.db, alpha, [seeded]);
    await seedOperators(t.app.db, bravo, [{ ...seeded, platform_owner: false }]);
    const cookie = await signIn(t.app, 'alpha', 'seeded-platform@example.test', { password: seeded.password });
    const session = await call('alpha', 'GET', '/session', { credential: cookie });
    expect(session.json().operator.platformOwner).toBe(true);
    expect((await call('alpha', 'GET', '/platform/channels', { credential: cookie })).statusCode).toBe(200);
    const owner = await call('alpha', 'GET', '/session', { credential: cookies.alphaOwner });
    expect(owner.json().operator.platformOwner).toBe(false);
  });

  it('lists the channels', async () => {
    const response = await call('alpha', 'GET', '/platform/channels', { credential: cookies.platform });
    expect(response.statusCode).toBe(200);
    const { channels } = PlatformChannelsResponse.parse(response.json());
    expect(channels.map((c) => c.slug)).toEqual(expect.arrayContaining(['alpha', 'bravo']));
    expect(channels.find((c) => c.slug === 'alpha')).toMatchObject({ is_default: true, status: 'active' });
  });

  it('names the field of bad input', async () => {
    const good = { slug: 'charlie', name: 'Charlie', language: 'en', currency: 'USD', owner_email: 'charlie-owner@example.test' };
    for (const [field, value] of [
      ['slug', 'Not A Slug'],
      ['slug', 'x'],
      ['name', ''],
      ['language', 'de'],
      ['currency', 'usd'],
      ['owner_email', 'not-an-address'],
    ] as const) {
      const response = await call('alpha', 'POST', '/platform/channels', { credential: cookies.platform, payload: { ...good, [field]: value } });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json().field, `${field}=${value}`).toBe(field);
    }
    const taken = await call('alpha', 'POST', '/platform/channels', { credential: cookies.platform, payload: { ...good, slug: 'bravo' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'slug', code: CHANNEL_ERROR_CODES.slugTaken });
    const badStatus = await call('alpha', 'PATCH', `/platform/channels/${bravo}`, { credential: cookies.platform, payload: { status: 'closed' } });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().field).toBe('status');
    const missing = await call('alpha', 'PATCH', '/platform/channels/999999', { credential: cookies.platform, payload: { name: 'Nobody' } });
    expect(missing.statusCode).toBe(404);
    const defaultOne = await call('alpha', 'PATCH', `/platform/channels/${alpha}`, { credential: cookies.platform, payload: { status: 'suspended' } });
    expect(defaultOne.statusCode).toBe(409);
    expect(defaultOne.json().field).toBe('status');
  });

  it('creates a channel that answers at once, invites its owner, and audits it', async () => {
    const response = await call('alpha', 'POST', '/platform/channels', {
      credential: cookies.platform,
      // As the console's client sends it: the visitor api key in the body (spec §7), ignored here.
      payload: { slug: 'delta', name: 'Delta Sports', language: 'fr', currency: 'CAD', owner_email: 'Delta-Owner@example.test', api_key: 'visitor-key' },
    });
    // 200, not 201: the client takes any other status as a failure (spec §8).
    expect(response.statusCode).toBe(200);
    const { channel } = PlatformChannelResponse.parse(response.json());
    expect(channel).toMatchObject({ slug: 'delta', name: 'Delta Sports', language: 'fr', currency: 'CAD', status: 'active', is_default: false, domains: [], public_origin: 'http://delta.localhost:8080' });
    // No restart: the registry serves it by its host, and its key gets api keys.
    expect(t.app.channels.byHostname('delta.localhost')?.id).toBe(channel.id);
    const key = await t.app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: t.app.channels.byId(channel.id)!.config.channelKey } });
    expect(key.statusCode).toBe(200);
    const settings = await t.app.inject({ url: `/api/settings?api_key=${key.json().data.api_key}` });
    expect(settings.json().data).toMatchObject({ name: 'Delta Sports' });
    const mail = (await listOutbox(outboxDir, 'delta')).find((message) => message.to === 'delta-owner@example.test');
    expect(mail).toBeDefined();
    // The invitation links to the channel's own origin, not to the host the platform owner called from.
    expect(mail?.text).toContain('http://delta.localhost:8080/console/invitation/');
    // The platform owner gives it its public origin: mailed links go there from now on, and it is the channel's host too.
    const badOrigin = await call('alpha', 'PATCH', `/platform/channels/${channel.id}`, { credential: cookies.platform, payload: { public_origin: 'https://watch.delta.example/path' } });
    expect(badOrigin.statusCode).toBe(400);
    expect(badOrigin.json().field).toBe('public_origin');
    const origin = await call('alpha', 'PATCH', `/platform/channels/${channel.id}`, { credential: cookies.platform, payload: { public_origin: 'https://watch.delta.example' } });
    expect(origin.json().channel.public_origin).toBe('https://watch.delta.example');
    expect(t.app.channels.publicOrigin(channel.id)).toBe('https://watch.delta.example');
    expect(t.app.channels.byHostname('watch.delta.example')?.id).toBe(channel.id);
    const invitation = await t.app.db.selectFrom('operator_invitations').select(['role', 'email']).where('channel_id', '=', channel.id).executeTakeFirstOrThrow();
    expect(invitation).toEqual({ role: 'owner', email: 'delta-owner@example.test' });
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'actor_label']).where('subject', '=', 'channel:delta').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'channel.create', actor_label: 'platform@example.test' },
      { action: 'channel.update', actor_label: 'platform@example.test' },
    ]);
  });

  it('suspends a channel: it hands out no stream and takes no purchase, its listings still answer; restoring brings it back', async () => {
    const key = await t.keyFor('bravo');
    const event = await t.app.db.selectFrom('events').select('id').where('channel_id', '=', bravo).orderBy('id').executeTakeFirstOrThrow();
    expect((await t.app.inject({ url: `/api/events/${event.id}?api_key=${key}` })).statusCode).toBe(200);
    const suspend = await call('alpha', 'PATCH', `/platform/channels/${bravo}`, { credential: cookies.platform, payload: { status: 'suspended' } });
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json().channel.status).toBe('suspended');
    expect(t.app.channels.byId(bravo)?.status).toBe('suspended');
    for (const [method, url] of [
      ['GET', `/api/events/${event.id}?api_key=${key}`],
      ['POST', '/api/sandbox/buy'],
      ['GET', `/api/download-event/${event.id}?api_key=${key}`],
    ] as const) {
      const refused = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: { api_key: key } } : {}) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toMatchObject({ code: CHANNEL_ERROR_CODES.suspended, field: 'channel' });
    }
    const media = await t.app.inject({ url: `/media/prerolls/x.m3u8`, headers: { host: hostOf('bravo') } });
    expect(media.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/events?api_key=${key}` })).statusCode).toBe(200);
    // Another channel is not touched.
    const alphaKey = await t.keyFor('alpha');
    const alphaEvent = await t.app.db.selectFrom('events').select('id').where('channel_id', '=', alpha).orderBy('id').executeTakeFirstOrThrow();
    expect((await t.app.inject({ url: `/api/events/${alphaEvent.id}?api_key=${alphaKey}` })).statusCode).toBe(200);
    // Its owner still signs in to read it.
    expect((await call('bravo', 'GET', '/channel/look', { credential: cookies.bravoOwner })).statusCode).toBe(200);
    const restore = await call('alpha', 'PATCH', `/platform/channels/${bravo}`, { credential: cookies.platform, payload: { status: 'active' } });
    expect(restore.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/events/${event.id}?api_key=${key}` })).statusCode).toBe(200);
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'before', 'after']).where('subject', '=', 'channel:bravo').where('action', '=', 'channel.update').orderBy('id').execute();
    expect(audit.map((row) => [row.before, row.after])).toEqual([
      [
        { name: 'Bravo Sports', status: 'active', public_origin: null },
        { name: 'Bravo Sports', status: 'suspended', public_origin: null },
      ],
      [
        { name: 'Bravo Sports', status: 'suspended', public_origin: null },
        { name: 'Bravo Sports', status: 'active', public_origin: null },
      ],
    ]);
  });
});

describe('a channel owner’s calls', () => {
  const routes: Array<{ method: string; url: string; payload?: unknown; type?: string }> = [
    { method: 'GET', url: '/channel/look' },
    { method: 'PUT', url: '/channel/look', payload: { name: 'Taken over' } },
    { method: 'PUT', url: '/channel/logo', payload: '<svg xmlns="http://www.w3.org/2000/svg"/>', type: 'image/svg+xml' },
    { method: 'GET', url: '/channel/domains' },
    { method: 'POST', url: '/channel/domains', payload: { hostname: 'hijack.example.com' } },
    { method: 'DELETE', url: '/channel/domains/hijack.example.com' },
    { method: 'GET', url: '/channel/faq' },
    { method: 'PUT', url: '/channel/faq', payload: { items: [] } },
    { method: 'GET', url: '/channel/blocks' },
    { method: 'PUT', url: '/channel/blocks', payload: { blocks: [] } },
  ];

  for (const route of routes) {
    it(`${route.method} ${route.url} is refused to other roles, other channels and tokens`, async () => {
      const attempts: Array<[string, string | undefined, string, number]> = [
        ['signed out', undefined, 'bravo', 401],
        ['a producer', cookies.alphaProducer, 'alpha', 403],
        ['an owner’s integration token', ownerToken, 'alpha', 403],
        ['another channel’s owner', cookies.alphaOwner, 'bravo', 403],
      ];
      for (const [who, credential, slug, status] of attempts) {
        const response = await call(slug, route.method, route.url, { credential, payload: route.payload, type: route.type });
        expect(response.statusCode, who).toBe(status);
      }
      expect(t.app.channels.byId(bravo)?.config.name).toBe('Bravo Sports');
      expect(t.app.channels.byKnownHost('hijack.example.com')).toBeUndefined();
      expect(await t.app.db.selectFrom('faq_items').select('id').where('channel_id', '=', bravo).execute()).not.toEqual([]);
    });
  }

  it('replaces the FAQ and the static blocks: viewers read them at once; bad input is named by its path', async () => {
    const key = await t.keyFor('bravo');
    // Read once so the catalog cache holds the old answers.
    expect((await t.app.inject({ url: `/api/faq?api_key=${key}` })).json().data.length).toBeGreaterThan(0);
    for (const [url, payload, field] of [
      ['/channel/faq', { items: [{ question: 'Q?', answer: '' }] }, 'items.0.answer'],
      ['/channel/faq', { items: [{ question: 'Q?', answer: 'A.', extra: 1 }] }, 'items.0.extra'],
      ['/channel/faq', { items: 'none' }, 'items'],
      ['/channel/blocks', { blocks: [{ alias: 'Bad Alias', title: 'x', content: 'y' }] }, 'blocks.0.alias'],
      ['/channel/blocks', { blocks: [{ alias: 'about', title: 'A', content: 'a' }, { alias: 'about', title: 'B', content: 'b' }] }, 'blocks.1.alias'],
    ] as const) {
      const response = await call('bravo', 'PUT', url, { credential: cookies.bravoOwner, payload });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().field, field).toBe(field);
    }
    const faq = { items: [{ question: 'Where do I watch?', answer: 'Here.' }, { question: 'Is it free?', answer: 'Some games are.' }] };
    const saved = await call('bravo', 'PUT', '/channel/faq', { credential: cookies.bravoOwner, payload: faq });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(faq);
    const viewers = (await t.app.inject({ url: `/api/faq?api_key=${key}` })).json().data.map((item: { question: string }) => item.question);
    expect(viewers).toEqual(['Where do I watch?', 'Is it free?']);
    const blocks = { blocks: [{ alias: 'about', title: 'About', content: '<p>Bravo</p>' }] };
    expect((await call('bravo', 'PUT', '/channel/blocks', { credential: cookies.bravoOwner, payload: blocks })).json()).toEqual(blocks);
    expect((await call('bravo', 'GET', '/channel/blocks', { credential: cookies.bravoOwner })).json()).toEqual(blocks);
    expect((await t.app.inject({ url: `/api/settings?api_key=${key}` })).json().data.static_blocks).toEqual(blocks.blocks);
    const actions = await t.app.db.selectFrom('audit_log').select('action').where('action', 'in', ['channel.faq', 'channel.blocks']).orderBy('id').execute();
    expect(actions.map((row) => row.action)).toEqual(['channel.faq', 'channel.blocks']);
    // Alpha's FAQ is its own.
    expect(await t.app.db.selectFrom('faq_items').select('id').where('channel_id', '=', alpha).execute()).not.toEqual([]);
  });

  it('edits the look: viewers’ colour settings change at once, the change is audited, and bad colours are named', async () => {
    const key = await t.keyFor('bravo');
    // Read once so the catalog cache holds the old colours.
    const before = await t.app.inject({ url: `/api/color-settings/web?api_key=${key}` });
    expect(before.json().data['primary-color']).not.toBe('#123456');
    const bad = await call('bravo', 'PUT', '/channel/look', { credential: cookies.bravoOwner, payload: { colors: { 'primary-color': 'red' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('colors.primary-color');
    const unknown = await call('bravo', 'PUT', '/channel/look', { credential: cookies.bravoOwner, payload: { colors: { 'link-color': '#000000' } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('colors.link-color');
    const empty = await call('bravo', 'PUT', '/channel/look', { credential: cookies.bravoOwner, payload: { name: '  ' } });
    expect(empty.json().field).toBe('name');
    const versionBefore = t.app.channels.byId(bravo)!.updatedAt.getTime();
    const response = await call('bravo', 'PUT', '/channel/look', {
      credential: cookies.bravoOwner,
      payload: { name: 'Bravo Network', description: 'Every game', colors: { 'primary-color': '#123456' }, fallback_colors: { 'primary-color': '#123456' } },
    });
    expect(response.statusCode).toBe(200);
    const look = ChannelLook.parse(response.json());
    expect(look).toMatchObject({ name: 'Bravo Network', description: 'Every game' });
    expect(look.colors['primary-color']).toBe('#123456');
    expect(look.fallback_colors['primary-color']).toBe('#123456');
    const after = await t.app.inject({ url: `/api/color-settings/web?api_key=${key}` });
    expect(after.json().data['primary-color']).toBe('#123456');
    expect((await t.app.inject({ url: `/api/settings?api_key=${key}` })).json().data.name).toBe('Bravo Network');
    const held = t.app.channels.byId(bravo)!;
    expect(held.config.name).toBe('Bravo Network');
    expect(held.config.fallbackColors['primary-color']).toBe('#123456');
    expect(held.updatedAt.getTime()).toBeGreaterThanOrEqual(versionBefore);
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'actor_label', 'channel_id']).where('action', '=', 'channel.look').execute();
    expect(audit).toEqual([{ action: 'channel.look', actor_label: 'bravo-owner@example.test', channel_id: bravo }]);
  });

  it('takes a PNG logo and serves it on the channel’s host; refuses scripts, wrong types and oversized files', async () => {
    const svgWith = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;
    for (const [what, body, type, status] of [
      ['a script', svgWith('<script>alert(1)</script>'), 'image/svg+xml', 400],
      ['an event handler', svgWith('<rect onload="alert(1)"/>'), 'image/svg+xml', 400],
      ['a javascript: link', svgWith('<a href="javascript:alert(1)"><rect/></a>'), 'image/svg+xml', 400],
      ['an outside picture', svgWith('<image href="https://tracker.example/x.png"/>'), 'image/svg+xml', 400],
      ['a PNG that is not one', 'GIF89a', 'image/png', 400],
      ['a GIF', 'GIF89a', 'image/gif', 415],
    ] as const) {
      const response = await call('bravo', 'PUT', '/channel/logo', { credential: cookies.bravoOwner, payload: body, type });
      expect(response.statusCode, what).toBe(status);
      expect(response.json(), what).toMatchObject({ field: 'logo', code: CHANNEL_ERROR_CODES.logoRefused });
    }
    const huge = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300 * 1024)]);
    const tooLarge = await call('bravo', 'PUT', '/channel/logo', { credential: cookies.bravoOwner, payload: huge, type: 'image/png' });
    expect(tooLarge.statusCode).toBe(413);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a small picture')]);
    const saved = await call('bravo', 'PUT', '/channel/logo', { credential: cookies.bravoOwner, payload: png, type: 'image/png' });
    expect(saved.statusCode).toBe(200);
    expect(ChannelLook.parse(saved.json()).logo_url).toMatch(/^\/channel-logo\.svg\?v=/);
    const served = await t.app.inject({ url: '/channel-logo.svg', headers: { host: hostOf('bravo') } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    // Alpha's logo is still its own.
    const alphaLogo = await t.app.inject({ url: '/channel-logo.svg', headers: { host: hostOf('alpha') } });
    expect(alphaLogo.rawPayload.equals(await readFile(join(FIXTURE_CHANNELS_DIR, 'alpha', 'logo.svg')))).toBe(true);
  });

  it('adds a custom domain that serves the channel, refuses a taken one (409) and a malformed one (field named), and removes it', async () => {
    for (const hostname of ['http://watch.bravo.example', 'watch.bravo.example:8443', 'watch.bravo.example/path', 'localhost', 'bravo.localhost', '127.0.0.1', 'nodot', 'a..example']) {
      const response = await call('bravo', 'POST', '/channel/domains', { credential: cookies.bravoOwner, payload: { hostname } });
      expect(response.statusCode, hostname).toBe(400);
      expect(response.json().field, hostname).toBe('hostname');
    }
    const added = await call('bravo', 'POST', '/channel/domains', { credential: cookies.bravoOwner, payload: { hostname: 'Watch.Bravo.Example', api_key: 'visitor-key' } });
    expect(added.statusCode).toBe(200);
    expect(added.json().domains.map((d: { hostname: string }) => d.hostname)).toEqual(['watch.bravo.example']);
    // The Host header names the channel: its logo, its console.
    const logo = await t.app.inject({ url: '/channel-logo.svg', headers: { host: 'watch.bravo.example' } });
    expect(logo.headers['content-type']).toBe('image/png');
    const look = await call('bravo', 'GET', '/channel/look', { credential: cookies.bravoOwner, host: 'watch.bravo.example' });
    expect(look.statusCode).toBe(200);
    expect(look.json().name).toBe('Bravo Network');
    // Mailed links still go to the configured (or derived) public origin, never the domain the request named.
    expect(t.app.channels.publicOrigin(bravo)).not.toContain('watch.bravo.example');
    const taken = await call('alpha', 'POST', '/channel/domains', { credential: cookies.alphaOwner, payload: { hostname: 'watch.bravo.example' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'hostname', code: CHANNEL_ERROR_CODES.domainTaken });
    const notTheirs = await call('alpha', 'DELETE', '/channel/domains/watch.bravo.example', { credential: cookies.alphaOwner });
    expect(notTheirs.statusCode).toBe(404);
    expect(t.app.channels.byHostname('watch.bravo.example')?.id).toBe(bravo);
    const removed = await call('bravo', 'DELETE', '/channel/domains/watch.bravo.example', { credential: cookies.bravoOwner });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().domains).toEqual([]);
    expect(t.app.channels.byKnownHost('watch.bravo.example')).toBeUndefined();
    const actions = await t.app.db.selectFrom('audit_log').select('action').where('action', 'like', 'channel.domain.%').orderBy('id').execute();
    expect(actions.map((row) => row.action)).toEqual(['channel.domain.add', 'channel.domain.remove']);
  });
});
