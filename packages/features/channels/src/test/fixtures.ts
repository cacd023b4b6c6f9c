import type { FakeHandler, FakeRequest } from '@grandstand/api-client/testing';
import type { ChannelDomain, ChannelFaqItem, ChannelLook, ConsoleChannelSettingsResponse, ConsoleOperator, PlatformChannel, UpdateConsoleChannelSettingsBody } from '@grandstand/contract';
import { northfieldColors } from '@grandstand/contract/testing';

/** The demo owner of Northfield, signed in (not the platform owner). */
export function testOperator(overrides: Partial<ConsoleOperator> = {}): ConsoleOperator {
  return {
    id: 1,
    email: 'owner@northfield.test',
    name: 'Nora Owner',
    role: 'owner',
    channel: { slug: 'northfield', name: 'Northfield Schools Network' },
    totpEnabled: true,
    totpSetupRequired: false,
    channels: [{ slug: 'northfield', name: 'Northfield Schools Network', role: 'owner' }],
    platformOwner: false,
    ...overrides,
  };
}

/** The platform owner, an owner of the default channel. */
export const platformOwner = testOperator({ id: 9, email: 'platform@grandstand.test', name: 'Pat Platform', platformOwner: true });

// The demo palette every package's tests share (the contract's testing entry).
export { northfieldColors };

export function platformChannel(overrides: Partial<PlatformChannel> = {}): PlatformChannel {
  return {
    id: 1,
    slug: 'northfield',
    name: 'Northfield Schools Network',
    language: 'en',
    currency: 'USD',
    status: 'active',
    domains: [],
    is_default: true,
    updated_at: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The French channel, with a domain of its own. */
export const laurentides = () =>
  platformChannel({ id: 2, slug: 'laurentides', name: 'Ligue des Laurentides', language: 'fr', currency: 'CAD', is_default: false, domains: ['regarder.laurentides.example'] });

/** The platform owner's calls over a list of channels the test reads back, recording what was sent. */
export function platformApi(channels: PlatformChannel[] = [platformChannel(), laurentides()], extra: Record<string, FakeHandler> = {}) {
  const sent: FakeRequest[] = [];
  const routes: Record<string, FakeHandler> = {
    'GET /console/platform/channels': () => ({ json: { channels } }),
    'POST /console/platform/channels': (request) => {
      sent.push(request);
      const body = request.body as { slug: string; name: string; language: 'en' | 'fr'; currency: string };
      if (channels.some((channel) => channel.slug === body.slug)) return { status: 409, json: { message: 'A channel with this slug exists.', field: 'slug', code: 'slug_taken' } };
      const channel = platformChannel({ id: channels.length + 10, slug: body.slug, name: body.name, language: body.language, currency: body.currency, is_default: false });
      channels.push(channel);
      return { json: { channel } };
    },
    ...extra,
  };
  for (const channel of channels) {
    routes[`PATCH /console/platform/channels/${channel.id}`] = (request) => {
      sent.push(request);
      Object.assign(channel, request.body);
      return { json: { channel } };
    };
  }
  return { routes, sent, channels };
}

export function channelLook(overrides: Partial<ChannelLook> = {}): ChannelLook {
  return {
    name: 'Northfield Schools Network',
    description: 'Live and on-demand high-school sports from the Northfield district.',
    fallback_colors: { ...northfieldColors },
    colors: { ...northfieldColors },
    logo_url: null,
    favicon_url: null,
    updated_at: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The owner's look call over one look, which a PUT changes as the server would. */
export function lookApi(look: ChannelLook = channelLook(), extra: Record<string, FakeHandler> = {}) {
  const sent: FakeRequest[] = [];
  const routes: Record<string, FakeHandler> = {
    'GET /console/channel/look': () => ({ json: look }),
    'PUT /console/channel/look': (request) => {
      sent.push(request);
      const body = request.body as Partial<ChannelLook>;
      Object.assign(look, {
        ...body,
        colors: { ...look.colors, ...body.colors },
        fallback_colors: { ...look.fallback_colors, ...body.fallback_colors },
        updated_at: new Date().toISOString(),
      });
      return { json: look };
    },
    ...extra,
  };
  return { routes, sent, look };
}

/** The owner's domains calls over a list the test reads back. */
export function domainsApi(domains: ChannelDomain[] = [{ hostname: 'watch.northfield.example', created_at: '2026-11-20T09:00:00.000Z' }], taken: string[] = []) {
  const sent: FakeRequest[] = [];
  const routes: Record<string, FakeHandler> = {
    'GET /console/channel/domains': () => ({ json: { domains } }),
    'POST /console/channel/domains': (request) => {
      sent.push(request);
      const hostname = String(request.body?.hostname);
      if (taken.includes(hostname)) return { status: 409, json: { message: 'This domain serves another channel.', field: 'hostname', code: 'domain_taken' } };
      const domain = { hostname, created_at: '2026-12-06T12:00:00.000Z' };
      domains.push(domain);
      return { json: { domains } };
    },
  };
  for (const domain of [...domains]) {
    routes[`DELETE /console/channel/domains/${domain.hostname}`] = (request) => {
      sent.push(request);
      domains.splice(domains.indexOf(domain), 1);
      return { json: { domains } };
    };
  }
  return { routes, sent, domains };
}

/** The owner's FAQ calls over a list of questions, which a PUT replaces as the server does. */
export function faqApi(items: ChannelFaqItem[] = [
  { question: 'How do I watch a game?', answer: '<p>Open the game and press Watch.</p>' },
  { question: 'Can I get a refund?', answer: '<p>All sales are final.</p>' },
]) {
  const sent: FakeRequest[] = [];
  const routes: Record<string, FakeHandler> = {
    'GET /console/channel/faq': () => ({ json: { items } }),
    'PUT /console/channel/faq': (request) => {
      sent.push(request);
      items.splice(0, items.length, ...((request.body as { items: ChannelFaqItem[] }).items));
      return { json: { items } };
    },
  };
  return { routes, sent, items };
}

/** Northfield's settings as its channel.json and the server's defaults make them. */
export function channelSettings(overrides: Partial<ConsoleChannelSettingsResponse> = {}): ConsoleChannelSettingsResponse {
  return {
    settings: {
      clips: { max_clips: 50, seconds_per_day: null, downloads_per_day: 20, storage_quota_mb: null, public_paid_shares: false, shares_per_event: 5 },
      stream: { token_lifetime_seconds: null },
      live: { ladder: false },
      devices: { enabled: true, remote_auth: false, remote_auth_url: null },
      geo: { blocked_countries: [] },
    },
    defaults: { clips: { max_clips: 20, seconds_per_day: 600, downloads_per_day: 10, storage_quota_mb: 5120 }, stream: { token_lifetime_seconds: 120 } },
    clips_enabled: true,
    ...overrides,
  };
}

/** The owner's settings calls over `answer`, which a PUT changes as the server would (a null number: the default), recording what was sent. */
export function settingsApi(answer: ConsoleChannelSettingsResponse = channelSettings()) {
  const sent: FakeRequest[] = [];
  const routes: Record<string, FakeHandler> = {
    'GET /console/channel/settings': () => ({ json: answer }),
    'PUT /console/channel/settings': (request) => {
      sent.push(request);
      const body = request.body as UpdateConsoleChannelSettingsBody;
      const { settings } = answer;
      answer.settings = {
        clips: { ...settings.clips, ...body.clips },
        stream: { ...settings.stream, ...body.stream },
        live: { ...settings.live, ...body.live },
        devices: { ...settings.devices, ...body.devices },
        geo: { ...settings.geo, ...body.geo },
      };
      return { json: answer };
    },
  };
  return { routes, sent, answer };
}
