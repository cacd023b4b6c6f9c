import {
  ApiErrorBody,
  type ChannelConfig,
  ChannelConfig as ChannelConfigSchema,
  type ConsoleChannelSettings,
  ConsoleChannelSettingsResponse,
  CONSOLE_CODES,
  UpdateConsoleChannelSettingsBody,
} from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announceChannelChange } from '../../core/channels/registry.ts';
import { MIB } from '../clips/limits.ts';
import { consoleFail, recordAudit } from '../operators/auth.ts';
import { changed, ownerOnly, parsedBody } from './consoleRoutes.ts';
import './tables.ts';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody };

/** Clips of one paid game a viewer may make when the channel says nothing (the contract's `shares_per_event` default). */
const SHARES_PER_EVENT = 5;

type ChannelSettingsColumn = { auth?: { remote_auth?: number; device_linking?: number }; remoteAuth?: string | null; blocked_countries?: unknown } & Record<string, unknown>;

/** The settings as the owner's page shows them, from the row's config (channel.json) and settings (spec §3 Channel settings). */
function settingsOf(config: ChannelConfig, settings: ChannelSettingsColumn): ConsoleChannelSettings {
  const clips = config.clips;
  return {
    clips: {
      max_clips: clips?.limits?.clips ?? null,
      seconds_per_day: clips?.limits?.seconds_per_day ?? null,
      downloads_per_day: clips?.limits?.downloads ?? null,
      storage_quota_mb: clips?.storage_quota_mb ?? null,
      public_paid_shares: clips?.public_paid_shares ?? false,
      shares_per_event: clips?.shares_per_event ?? SHARES_PER_EVENT,
    },
    stream: { token_lifetime_seconds: config.media?.token_lifetime_seconds ?? null },
    live: { ladder: config.live?.ladder ?? false },
    devices: { enabled: settings.auth?.device_linking !== 0, remote_auth: settings.auth?.remote_auth === 1, remote_auth_url: typeof settings.remoteAuth === 'string' && settings.remoteAuth !== '' ? settings.remoteAuth : null },
    geo: { blocked_countries: Array.isArray(settings.blocked_countries) ? settings.blocked_countries.filter((code): code is string => typeof code === 'string') : [] },
  };
}

/** `value` under `key` of `target`: set, removed (null: back to the server's default) or left (undefined). */
function put<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | null | undefined): void {
  if (value === null) delete target[key];
  else if (value !== undefined) target[key] = value;
}

/** The config and settings columns after `body`, or the field that cannot be set. */
function apply(config: ChannelConfig, settings: ChannelSettingsColumn, body: UpdateConsoleChannelSettingsBody): { config: ChannelConfig; settings: ChannelSettingsColumn } | { field: string; message: string } {
  const next: ChannelConfig = { ...config };
  if (body.clips) {
    const first = Object.keys(body.clips)[0];
    if (first !== undefined && !config.clips) return { field: `clips.${first}`, message: 'This channel offers no viewer clips: its clip settings have nothing to apply to.' };
    if (config.clips) {
      const limits = { ...config.clips.limits };
      put(limits, 'clips', body.clips.max_clips);
      put(limits, 'seconds_per_day', body.clips.seconds_per_day);
      put(limits, 'downloads', body.clips.downloads_per_day);
      const clips = { ...config.clips, limits };
      put(clips, 'storage_quota_mb', body.clips.storage_quota_mb);
      put(clips, 'public_paid_shares', body.clips.public_paid_shares);
      put(clips, 'shares_per_event', body.clips.shares_per_event);
      next.clips = clips;
    }
  }
  if (body.stream && body.stream.token_lifetime_seconds !== undefined) {
    const media = { ...config.media };
    put(media, 'token_lifetime_seconds', body.stream.token_lifetime_seconds);
    if (Object.keys(media).length === 0) delete next.media;
    else next.media = media;
  }
  if (body.live?.ladder !== undefined) next.live = { ...config.live, ladder: body.live.ladder };
  const nextSettings: ChannelSettingsColumn = { ...settings };
  if (body.devices) {
    if (body.devices.remote_auth !== undefined) nextSettings.auth = { ...settings.auth, remote_auth: body.devices.remote_auth ? 1 : 0 };
    if (body.devices.remote_auth_url !== undefined) nextSettings.remoteAuth = body.devices.remote_auth_url;
    if (body.devices.enabled !== undefined) nextSettings.auth = { ...nextSettings.auth, device_linking: body.devices.enabled ? 1 : 0 };
  }
  // spec §3 Geo: the regions where nothing of the channel plays; the geo service re-reads them on the change notice.
  if (body.geo) nextSettings.blocked_countries = body.geo.blocked_countries;
  // The site sends a viewer to the address when linking is there (spec §2): on with no address, the page would go nowhere.
  if (nextSettings.auth?.remote_auth === 1 && !nextSettings.remoteAuth) return { field: 'devices.remote_auth_url', message: 'devices.remote_auth_url: is required while devices are linked at the channel’s own address.' };
  // What the row holds is a valid channel.json still: the registry and `channels import` read it as one.
  const valid = ChannelConfigSchema.safeParse(next);
  if (!valid.success) return { field: valid.error.issues[0]!.path.join('.') || 'body', message: valid.error.issues[0]!.message };
  return { config: next, settings: nextSettings };
}

function answer(app: FastifyInstance, config: ChannelConfig, settings: ChannelSettingsColumn): ConsoleChannelSettingsResponse {
  const limits = app.clips.limits;
  return {
    settings: settingsOf(config, settings),
    defaults: {
      clips: { max_clips: limits.clips, seconds_per_day: limits.secondsPerDay, downloads_per_day: limits.downloadsPerDay, storage_quota_mb: Math.round(limits.storageQuotaBytes / MIB) },
      stream: { token_lifetime_seconds: app.media.tokenTtlSeconds },
    },
    clips_enabled: config.clips !== undefined,
  };
}

/**
 * A channel owner's settings that earlier were environment variables or channel.json edits
 * (`/api/console/channel/settings`): clip limits, the clip disk quota and sharing rule, the stream
 * address lifetime, the live ladder and device linking. A number left unset is the server's
 * default (its environment). A change is audited with before and after in its transaction, and the
 * `channels_changed` notice refreshes every instance's registry, which the readers consult on each
 * request (clip limits and quota, `expires_in` and the token's life, the packager's ladder at the
 * next game that starts, the site's settings answer): no restart.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/channel/settings', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], response: { 200: ConsoleChannelSettingsResponse, ...errors } } }, async (request, reply) => {
    const row = await db.selectFrom('channels').select(['config', 'settings']).where('id', '=', request.channelId).executeTakeFirst();
    if (!row?.config) return consoleFail(reply, 404, CONSOLE_CODES.notFound, 'No such channel.', 'channel');
    return answer(app, row.config as ChannelConfig, (row.settings ?? {}) as ChannelSettingsColumn);
  });

  // Validated here rather than by the route's schema so a refusal names the setting by its whole path (`clips.max_clips`).
  app.put(
    '/channel/settings',
    { config: { apiKey: false }, attachValidation: true, preHandler: ownerOnly, schema: { tags: ['console'], body: UpdateConsoleChannelSettingsBody, response: { 200: ConsoleChannelSettingsResponse, ...errors } } },
    async (request, reply) => {
      const body = parsedBody(UpdateConsoleChannelSettingsBody, request.body, reply);
      if (!body) return reply;
      const channelId = request.channelId;
      const outcome = await db.transaction().execute(async (tx) => {
        const row = await tx.selectFrom('channels').select(['slug', 'config', 'settings']).where('id', '=', channelId).forUpdate().executeTakeFirst();
        if (!row?.config) return null;
        const config = row.config as ChannelConfig;
        const settings = (row.settings ?? {}) as ChannelSettingsColumn;
        const next = apply(config, settings, body);
        if ('field' in next) return next;
        await tx.updateTable('channels').set({ config: JSON.stringify(next.config), settings: JSON.stringify(next.settings), updated_at: new Date() }).where('id', '=', channelId).execute();
        await recordAudit(tx, { actor: request.consoleActor!, action: 'channel.settings', subject: `channel:${row.slug}`, before: settingsOf(config, settings), after: settingsOf(next.config, next.settings) });
        await announceChannelChange(tx, channelId);
        return next;
      });
      if (outcome === null) return consoleFail(reply, 404, CONSOLE_CODES.notFound, 'No such channel.', 'channel');
      if ('field' in outcome) return consoleFail(reply, outcome.field === 'devices.remote_auth_url' ? 400 : 409, CONSOLE_CODES.invalid, outcome.message, outcome.field);
      await changed(app, channelId);
      return answer(app, outcome.config, outcome.settings);
    },
  );
};
