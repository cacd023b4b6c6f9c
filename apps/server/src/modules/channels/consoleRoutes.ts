import { createHash, randomBytes } from 'node:crypto';
import {
  AddChannelDomainBody,
  ApiErrorBody,
  CHANNEL_ERROR_CODES,
  CHANNEL_LOGO_MAX_BYTES,
  CHANNEL_LOGO_TYPES,
  type ChannelConfig,
  ChannelBlocks,
  ChannelDomainParams,
  ChannelFaq,
  ChannelDomainsResponse,
  ChannelLook,
  ColorSettings,
  CONSOLE_CODES,
  CreatePlatformChannelBody,
  IdParams,
  type Language,
  OPERATOR_ROLES,
  type PlatformChannel,
  PlatformChannelResponse,
  PlatformChannelsResponse,
  UpdateChannelLookBody,
  UpdatePlatformChannelBody,
} from '@grandstand/contract';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { announceChannelChange } from '../../core/channels/registry.ts';
import type { Database } from '../../core/db/schema.ts';
import { consoleFail, newSecret, recordAudit, requireConsole, sha256 } from '../operators/auth.ts';
import { invitationMail } from '../operators/invitationMail.ts';
import { INVITATION_DAYS } from '../operators/invitationRoutes.ts';
import { syncChannelFiles } from './files.ts';
import { CONSOLE_FILES_PREFIX } from './import.ts';
import { logoProblem } from './logo.ts';
import './tables.ts';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 413: ApiErrorBody, 415: ApiErrorBody };
/** A channel may add this many custom domains (each a host the registry answers). */
export const MAX_CHANNEL_DOMAINS = 20;
/** The look a channel made in the control room starts with, until its owner picks its own. */
export const DEFAULT_PALETTE: ColorSettings = {
  'header-background': '#0b1f3a',
  'header-text-color': '#ffffff',
  'body-background': '#f5f7fa',
  'body-text-color': '#1a1a1a',
  'footer-background': '#0b1f3a',
  'footer-text-color': '#ffffff',
  'primary-color': '#f2a900',
  'secondary-color': '#1d4e89',
};

const iso = (value: Date | string) => new Date(value).toISOString();
/** A channel owner's look and domains are a person's business: an owner's session, never a token. */
export const ownerOnly = requireConsole(['owner'], { operatorsOnly: true });
const anyOperator = requireConsole(OPERATOR_ROLES, { operatorsOnly: true });

/**
 * The platform owner's guard: a signed-in operator (no token) flagged `is_platform_owner`, in the
 * control room of the default host, where the platform is run from.
 */
const platformOwnerOnly: preHandlerAsyncHookHandler = async function platformGuard(request, reply) {
  await anyOperator.call(this, request, reply);
  if (reply.sent) return reply;
  const session = request.consoleSession;
  if (!session?.operator.is_platform_owner) return consoleFail(reply, 403, CONSOLE_CODES.forbidden, 'Only the platform owner may do this.');
  if (session.channel.id !== request.server.channels.defaultChannel?.id) return consoleFail(reply, 403, CONSOLE_CODES.forbidden, 'The platform is run from the control room of the default host.');
};

type PlatformRow = { id: number; slug: string; name: string; language: string; currency: string; status: string; is_default: boolean; updated_at: Date | string; domains: string[] | null };

function platformQuery(db: Database) {
  return db
    .selectFrom('channels as c')
    .select(['c.id', 'c.slug', 'c.name', 'c.language', 'c.currency', 'c.status', 'c.is_default', 'c.updated_at'])
    .select(sql<string[] | null>`(select json_agg(d.hostname) from channel_domains d where d.channel_id = c.id)`.as('domains'))
    .where('c.config', 'is not', null);
}

function platformView(app: FastifyInstance, row: PlatformRow): PlatformChannel {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    language: row.language as Language,
    currency: row.currency,
    status: row.status === 'active' ? 'active' : 'suspended',
    domains: [...(row.domains ?? [])].sort(),
    is_default: row.is_default,
    public_origin: app.channels.byId(row.id) ? app.channels.publicOrigin(row.id) : '',
    updated_at: iso(row.updated_at),
  };
}

/**
 * After a change is committed: this instance serves it at once (the notice tells the others), with
 * its pictures on disk (a new logo's address is in the answer, so it must answer at once), and the
 * channel's cached answers go.
 */
export async function changed(app: FastifyInstance, channelId: number): Promise<void> {
  await app.channels.refresh(app.db, channelId);
  await syncChannelFiles(app.db, app.pictures.files, channelId);
  app.pictures.forgetChannelFiles(channelId);
  app.dataChanged.emit(channelId);
}

/**
 * The platform owner's calls (`/api/console/platform/channels`): list, create, rename, suspend and
 * restore channels. Every change is audited with before and after, in the change's transaction.
 */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/platform/channels', { config: { apiKey: false }, preHandler: platformOwnerOnly, schema: { tags: ['console'], response: { 200: PlatformChannelsResponse, ...errors } } }, async () => {
    const rows = (await platformQuery(db).orderBy('c.id').execute()) as PlatformRow[];
    return { channels: rows.map((row) => platformView(app, row)) };
  });

  app.post(
    '/platform/channels',
    { config: { apiKey: false }, preHandler: platformOwnerOnly, schema: { tags: ['console'], body: CreatePlatformChannelBody, response: { 200: PlatformChannelResponse, ...errors } } },
    async (request, reply) => {
      const body = request.body;
      const taken = await db.selectFrom('channels').select('id').where('slug', '=', body.slug).executeTakeFirst();
      if (taken) return consoleFail(reply, 409, CHANNEL_ERROR_CODES.slugTaken, 'A channel with this slug exists.', 'slug');
      // The public key the site exchanges for api keys (spec §7): not a secret, but not guessable either.
      const config: ChannelConfig = {
        slug: body.slug,
        name: body.name,
        default: false,
        channelKey: `${body.slug.replace(/-/g, '').slice(0, 12)}_pub_${randomBytes(24).toString('base64url')}`,
        language: body.language,
        currency: body.currency,
        fallbackColors: DEFAULT_PALETTE,
      };
      const id = await db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('channels')
          .values({
            slug: config.slug,
            name: config.name,
            channel_key: config.channelKey,
            language: config.language,
            currency: config.currency,
            is_default: false,
            settings: '{}',
            color_settings: JSON.stringify(DEFAULT_PALETTE),
            config: JSON.stringify(config),
          })
          .onConflict((oc) => oc.column('slug').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return null;
        await recordAudit(tx, { actor: request.consoleActor!, action: 'channel.create', subject: `channel:${config.slug}`, before: null, after: { slug: config.slug, name: config.name, language: config.language, currency: config.currency, owner: body.owner_email } });
        await announceChannelChange(tx, row.id);
        return row.id;
      });
      if (id === null) return consoleFail(reply, 409, CHANNEL_ERROR_CODES.slugTaken, 'A channel with this slug exists.', 'slug');
      await changed(app, id);
      const invited = await inviteOwner(app, request, id, body.owner_email);
      if (!invited) return consoleFail(reply, 502, CONSOLE_CODES.invalid, 'The channel was made, but the invitation could not be mailed: invite its owner from its control room.', 'owner_email');
      const row = (await platformQuery(db).where('c.id', '=', id).executeTakeFirstOrThrow()) as PlatformRow;
      return { channel: platformView(app, row) };
    },
  );

  app.patch(
    '/platform/channels/:id',
    { config: { apiKey: false }, preHandler: platformOwnerOnly, schema: { tags: ['console'], params: IdParams, body: UpdatePlatformChannelBody, response: { 200: PlatformChannelResponse, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      // The default channel's control room is where the platform is run from: it is never suspended.
      if (body.status === 'suspended' && app.channels.defaultChannel?.id === id) {
        return consoleFail(reply, 409, CONSOLE_CODES.invalid, 'The default channel runs the platform and cannot be suspended.', 'status');
      }
      const outcome = await db.transaction().execute(async (tx) => {
        const before = await tx.selectFrom('channels').select(['name', 'status', 'config']).where('id', '=', id).where('config', 'is not', null).forUpdate().executeTakeFirst();
        if (!before) return false;
        const config = before.config as ChannelConfig;
        const publicOrigin = body.public_origin ?? config.publicOrigin ?? null;
        const after = { name: body.name ?? before.name, status: body.status ?? before.status, public_origin: publicOrigin };
        const next: ChannelConfig = { ...config, name: after.name, ...(publicOrigin === null ? {} : { publicOrigin }) };
        await tx.updateTable('channels').set({ name: after.name, status: after.status, config: JSON.stringify(next), updated_at: new Date() }).where('id', '=', id).execute();
        await recordAudit(tx, { actor: request.consoleActor!, action: 'channel.update', subject: `channel:${config.slug}`, before: { name: before.name, status: before.status, public_origin: config.publicOrigin ?? null }, after });
        await announceChannelChange(tx, id);
        return true;
      });
      if (!outcome) return consoleFail(reply, 404, CONSOLE_CODES.notFound, 'No such channel.', 'id');
      await changed(app, id);
      const row = (await platformQuery(db).where('c.id', '=', id).executeTakeFirstOrThrow()) as PlatformRow;
      return { channel: platformView(app, row) };
    },
  );
};

/** Invites the new channel's owner as an owner invites operators (a link on the channel's public origin, good for a week). */
async function inviteOwner(app: FastifyInstance, request: FastifyRequest, channelId: number, email: string): Promise<boolean> {
  const channel = app.channels.byId(channelId);
  if (!channel) return false;
  const token = newSecret();
  const expiresAt = new Date(app.operatorsService.now() + INVITATION_DAYS * 86_400_000);
  const row = await app.db
    .insertInto('operator_invitations')
    .values({ token_hash: sha256(token), channel_id: channelId, email, role: 'owner', invited_by: request.consoleActor!.id, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const link = `${app.channels.publicOrigin(channelId)}/console/invitation/${token}`;
  const content = invitationMail({ channelName: channel.config.name, language: channel.config.language, role: 'owner', link, days: INVITATION_DAYS });
  try {
    await app.accountsMail.sendMessage({ channel, to: email, content });
    return true;
  } catch (error) {
    request.log.error({ err: error }, 'invitation mail failed');
    await app.db.deleteFrom('operator_invitations').where('id', '=', row.id).execute();
    return false;
  }
}

async function lookOf(db: Database, channelId: number): Promise<ChannelLook | null> {
  const row = await db.selectFrom('channels').select(['config', 'color_settings', 'updated_at']).where('id', '=', channelId).executeTakeFirst();
  if (!row?.config) return null;
  const config = row.config as ChannelConfig;
  const colors = ColorSettings.safeParse(row.color_settings);
  const version = new Date(row.updated_at).getTime().toString(36);
  const logo = config.logo ? `/channel-logo.svg?v=${version}` : null;
  return {
    name: config.name,
    description: config.description ?? null,
    fallback_colors: config.fallbackColors,
    colors: colors.success ? colors.data : config.fallbackColors,
    logo_url: logo,
    favicon_url: logo,
    updated_at: iso(row.updated_at),
  };
}

/**
 * The body by `schema`, or null once a 400 naming the field by its whole path (`colors.primary-color`,
 * `items.2.question`) is sent: the route's schema validates too, but names the first segment only.
 */
export function parsedBody<T>(schema: z.ZodType<T>, body: unknown, reply: FastifyReply): T | null {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const field = path.join('.') || 'body';
  void consoleFail(reply, 400, CONSOLE_CODES.invalid, `${field}: ${issue.message}`, field);
  return null;
}

function refuse(reply: FastifyReply, status: number, message: string, field: string) {
  return consoleFail(reply, status, CHANNEL_ERROR_CODES.logoRefused, message, field);
}

/**
 * A channel owner's calls (`/api/console/channel/...`) on the channel of the host the control room
 * is open on: its look (name, description, colours) and logo, and its custom domains. A change
 * bumps the channel's `updated_at` (the rendered pages' version), tells every instance, and drops
 * the channel's cached answers: a viewer's next page load shows it.
 */
export const ownerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/channel/look', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], response: { 200: ChannelLook, ...errors } } }, async (request, reply) => {
    const look = await lookOf(db, request.channelId);
    return look ?? consoleFail(reply, 404, CONSOLE_CODES.notFound, 'No such channel.', 'channel');
  });

  // Validated here rather than by the route's schema so a refusal names the colour itself (`colors.primary-color`), not just `colors`.
  app.put('/channel/look', { config: { apiKey: false }, attachValidation: true, preHandler: ownerOnly, schema: { tags: ['console'], body: UpdateChannelLookBody, response: { 200: ChannelLook, ...errors } } }, async (request, reply) => {
    const channelId = request.channelId;
    const body = parsedBody(UpdateChannelLookBody, request.body, reply);
    if (!body) return reply;
    const done = await db.transaction().execute(async (tx) => {
      const before = await tx.selectFrom('channels').select(['config', 'color_settings']).where('id', '=', channelId).forUpdate().executeTakeFirst();
      if (!before?.config) return false;
      const config = before.config as ChannelConfig;
      const colors = { ...config.fallbackColors, ...(ColorSettings.safeParse(before.color_settings).data ?? {}), ...body.colors };
      const next: ChannelConfig = {
        ...config,
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.fallback_colors === undefined ? {} : { fallbackColors: { ...config.fallbackColors, ...body.fallback_colors } }),
      };
      if (body.description !== undefined) {
        if (body.description === null || body.description === '') delete next.description;
        else next.description = body.description;
      }
      await tx.updateTable('channels').set({ name: next.name, config: JSON.stringify(next), color_settings: JSON.stringify(colors), updated_at: new Date() }).where('id', '=', channelId).execute();
      await recordAudit(tx, {
        actor: request.consoleActor!,
        action: 'channel.look',
        subject: `channel:${config.slug}`,
        before: { name: config.name, description: config.description ?? null, fallback_colors: config.fallbackColors, colors: before.color_settings },
        after: { name: next.name, description: next.description ?? null, fallback_colors: next.fallbackColors, colors },
      });
      await announceChannelChange(tx, channelId);
      return true;
    });
    if (!done) return consoleFail(reply, 404, CONSOLE_CODES.notFound, 'No such channel.', 'channel');
    await changed(app, channelId);
    return (await lookOf(db, channelId))!;
  });

  // The logo arrives as the picture itself, its type in Content-Type: any type is read here (the
  // JSON calls keep their own parser), so a wrong one is refused by the route, naming the logo.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CHANNEL_LOGO_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.put(
    '/channel/logo',
    { config: { apiKey: false }, bodyLimit: CHANNEL_LOGO_MAX_BYTES, preHandler: ownerOnly, schema: { tags: ['console'], response: { 200: ChannelLook, ...errors } } },
    async (request, reply) => {
      const type = String(request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      const body = request.body;
      if (!(CHANNEL_LOGO_TYPES as readonly string[]).includes(type) || !Buffer.isBuffer(body)) return refuse(reply, 415, 'The logo must be an SVG, PNG or JPEG picture.', 'logo');
      if (body.length === 0) return refuse(reply, 400, 'The logo is empty.', 'logo');
      const problem = logoProblem(type as (typeof CHANNEL_LOGO_TYPES)[number], body);
      if (problem) return refuse(reply, 400, problem, 'logo');
      const channelId = request.channelId;
      const sha = createHash('sha256').update(body).digest('hex');
      const ext = type === 'image/svg+xml' ? 'svg' : type === 'image/png' ? 'png' : 'jpg';
      const path = `${CONSOLE_FILES_PREFIX}logo-${sha.slice(0, 16)}.${ext}`;
      const done = await db.transaction().execute(async (tx) => {
        const before = await tx.selectFrom('channels').select('config').where('id', '=', channelId).forUpdate().executeTakeFirst();
        if (!before?.config) return false;
        const config = before.config as ChannelConfig;
        await tx
          .insertInto('channel_files')
          .values({ channel_id: channelId, path, content: body, content_type: type, sha256: sha })
          .onConflict((oc) => oc.columns(['channel_id', 'path']).doNothing())
          .execute();
        // The logo it replaces goes, if it was an upload too (a folder's own file stays until the next import).
        if (config.logo?.startsWith(CONSOLE_FILES_PREFIX) && config.logo !== path) await tx.deleteFrom('channel_files').where('channel_id', '=', channelId).where('path', '=', config.logo).execute();
        await tx.updateTable('channels').set({ config: JSON.stringify({ ...config, logo: path }), updated_at: new Date() }).where('id', '=', channelId).execute();
        await recordAudit(tx, { actor: request.consoleActor!, action: 'channel.logo', subject: `channel:${config.slug}`, before: { logo: config.logo ?? null }, after: { logo: path, bytes: body.length, sha256: sha } });
        await announceChannelChange(tx, channelId);
        return true;
      });
      if (!done) return consoleFail(reply, 404, CONSOLE_CODES.notFound, 'No such channel.', 'channel');
      await changed(app, channelId);
      return (await lookOf(db, channelId))!;
    },
  );

  const faqOf = async (channelId: number) => ({
    items: await db.selectFrom('faq_items').select(['question', 'answer']).where('channel_id', '=', channelId).orderBy('position').orderBy('id').execute(),
  });

  app.get('/channel/faq', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], response: { 200: ChannelFaq, ...errors } } }, async (request) => faqOf(request.channelId));

  app.put('/channel/faq', { config: { apiKey: false }, attachValidation: true, preHandler: ownerOnly, schema: { tags: ['console'], body: ChannelFaq, response: { 200: ChannelFaq, ...errors } } }, async (request, reply) => {
    const body = parsedBody(ChannelFaq, request.body, reply);
    if (!body) return reply;
    const channelId = request.channelId;
    await db.transaction().execute(async (tx) => {
      const slug = (await tx.selectFrom('channels').select('slug').where('id', '=', channelId).forUpdate().executeTakeFirstOrThrow()).slug;
      const before = await tx.selectFrom('faq_items').select(['question', 'answer']).where('channel_id', '=', channelId).orderBy('position').orderBy('id').execute();
      await tx.deleteFrom('faq_items').where('channel_id', '=', channelId).execute();
      if (body.items.length > 0) await tx.insertInto('faq_items').values(body.items.map((item, position) => ({ channel_id: channelId, question: item.question, answer: item.answer, position }))).execute();
      await tx.updateTable('channels').set({ updated_at: new Date() }).where('id', '=', channelId).execute();
      await recordAudit(tx, { actor: request.consoleActor!, action: 'channel.faq', subject: `channel:${slug}`, before: { items: before }, after: body });
      await announceChannelChange(tx, channelId);
    });
    await changed(app, channelId);
    return faqOf(channelId);
  });

  const blocksOf = async (channelId: number) => {
    const row = await db.selectFrom('channels').select('settings').where('id', '=', channelId).executeTakeFirst();
    const blocks = (row?.settings as { static_blocks?: unknown } | null)?.static_blocks;
    return { blocks: Array.isArray(blocks) ? (blocks as ChannelBlocks['blocks']) : [] };
  };

  app.get('/channel/blocks', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], response: { 200: ChannelBlocks, ...errors } } }, async (request) => blocksOf(request.channelId));

  app.put('/channel/blocks', { config: { apiKey: false }, attachValidation: true, preHandler: ownerOnly, schema: { tags: ['console'], body: ChannelBlocks, response: { 200: ChannelBlocks, ...errors } } }, async (request, reply) => {
    const body = parsedBody(ChannelBlocks, request.body, reply);
    if (!body) return reply;
    const channelId = request.channelId;
    await db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('channels').select(['slug', 'settings']).where('id', '=', channelId).forUpdate().executeTakeFirstOrThrow();
      const settings = (row.settings ?? {}) as Record<string, unknown>;
      await tx.updateTable('channels').set({ settings: JSON.stringify({ ...settings, static_blocks: body.blocks }), updated_at: new Date() }).where('id', '=', channelId).execute();
      await recordAudit(tx, { actor: request.consoleActor!, action: 'channel.blocks', subject: `channel:${row.slug}`, before: { blocks: settings.static_blocks ?? [] }, after: body });
      await announceChannelChange(tx, channelId);
    });
    await changed(app, channelId);
    return blocksOf(channelId);
  });

  const domainsOf = async (channelId: number) => ({
    domains: (await db.selectFrom('channel_domains').select(['hostname', 'created_at']).where('channel_id', '=', channelId).orderBy('hostname').execute()).map((row) => ({ hostname: row.hostname, created_at: iso(row.created_at) })),
  });

  app.get('/channel/domains', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], response: { 200: ChannelDomainsResponse, ...errors } } }, async (request) => domainsOf(request.channelId));

  app.post(
    '/channel/domains',
    { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], body: AddChannelDomainBody, response: { 200: ChannelDomainsResponse, ...errors } } },
    async (request, reply) => {
      const channelId = request.channelId;
      const { hostname } = request.body;
      // A host that names a channel already (its configured public origin) is that channel's, even without a row here.
      const holder = app.channels.byKnownHost(hostname);
      if (holder && holder.id !== channelId) return consoleFail(reply, 409, CHANNEL_ERROR_CODES.domainTaken, 'This domain serves another channel.', 'hostname');
      const outcome = await db.transaction().execute(async (tx) => {
        const count = await tx.selectFrom('channel_domains').select((eb) => eb.fn.countAll<string>().as('n')).where('channel_id', '=', channelId).executeTakeFirstOrThrow();
        if (Number(count.n) >= MAX_CHANNEL_DOMAINS) return 'full' as const;
        const added = await tx.insertInto('channel_domains').values({ hostname, channel_id: channelId }).onConflict((oc) => oc.column('hostname').doNothing()).returning('hostname').executeTakeFirst();
        if (!added) return 'taken' as const;
        const slug = (await tx.selectFrom('channels').select('slug').where('id', '=', channelId).executeTakeFirstOrThrow()).slug;
        await recordAudit(tx, { actor: request.consoleActor!, action: 'channel.domain.add', subject: `channel:${slug}`, before: null, after: { hostname } });
        await tx.updateTable('channels').set({ updated_at: new Date() }).where('id', '=', channelId).execute();
        await announceChannelChange(tx, channelId);
        return 'added' as const;
      });
      if (outcome === 'taken') return consoleFail(reply, 409, CHANNEL_ERROR_CODES.domainTaken, 'This domain serves a channel already.', 'hostname');
      if (outcome === 'full') return consoleFail(reply, 409, CONSOLE_CODES.invalid, `A channel has at most ${MAX_CHANNEL_DOMAINS} domains.`, 'hostname');
      await changed(app, channelId);
      return await domainsOf(channelId);
    },
  );

  app.delete(
    '/channel/domains/:hostname',
    { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], params: ChannelDomainParams, response: { 200: ChannelDomainsResponse, ...errors } } },
    async (request, reply) => {
      const channelId = request.channelId;
      const { hostname } = request.params;
      const removed = await db.transaction().execute(async (tx) => {
        // Another channel's domain is as unknown here as a missing one.
        const row = await tx.deleteFrom('channel_domains').where('hostname', '=', hostname).where('channel_id', '=', channelId).returning('hostname').executeTakeFirst();
        if (!row) return false;
        const slug = (await tx.selectFrom('channels').select('slug').where('id', '=', channelId).executeTakeFirstOrThrow()).slug;
        await recordAudit(tx, { actor: request.consoleActor!, action: 'channel.domain.remove', subject: `channel:${slug}`, before: { hostname }, after: null });
        await tx.updateTable('channels').set({ updated_at: new Date() }).where('id', '=', channelId).execute();
        await announceChannelChange(tx, channelId);
        return true;
      });
      if (!removed) return consoleFail(reply, 404, CONSOLE_CODES.notFound, 'This channel has no such domain.', 'hostname');
      await changed(app, channelId);
      return domainsOf(channelId);
    },
  );
};
