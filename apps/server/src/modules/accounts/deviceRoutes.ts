import { randomInt } from 'node:crypto';
import { AddSessionBody, ApiErrorBody, DeviceCodeResponse, DeviceNextBody, DeviceNextResponse, MessageResponse } from '@grandstand/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bindKeyToUser } from './index.ts';
import { alreadyLoggedIn, bodyOf, CHECKED_IN_HANDLER, currentUser, fail, LIMITED, text, unauthenticated } from './helpers.ts';

/** A device's code is short, unambiguous to read (no 0/O, 1/I/L), single use, 10 minutes. */
export const DEVICE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const DEVICE_CODE_LENGTH = 8;
export const DEVICE_CODE_TTL_MS = 10 * 60_000;

export const DEVICE_LINKING_OFF = 'device_linking_off';
export const NO_LINKED_DEVICE = 'no_linked_device';
const LINKING_OFF_MESSAGE = 'This channel does not link devices.';
/** The largest id a PostgreSQL integer holds. */
const MAX_ID = 2_147_483_647;
const INVALID_CODE = 'This code is invalid or has expired. Ask the device for a new one.';

/** Whether the channel lets viewers link a device (control room Settings; on unless turned off). */
async function linkingOn(app: FastifyInstance, channelId: number): Promise<boolean> {
  const row = await app.db.selectFrom('channels').select('settings').where('id', '=', channelId).executeTakeFirst();
  const settings = (row?.settings ?? {}) as { auth?: { device_linking?: number } };
  return settings.auth?.device_linking !== 0;
}

function linkingOff(reply: FastifyReply) {
  return reply.code(403).send({ message: LINKING_OFF_MESSAGE, field: 'device', code: DEVICE_LINKING_OFF, errors: { device: [LINKING_OFF_MESSAGE] } } satisfies ApiErrorBody);
}

/** An event id as sent (a number or its digits), or undefined for anything else. */
function eventIdOf(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : undefined;
}

async function eventExists(app: FastifyInstance, channelId: number, eventId: number): Promise<boolean> {
  return (await app.db.selectFrom('events').select('id').where('channel_id', '=', channelId).where('id', '=', eventId).executeTakeFirst()) !== undefined;
}

/**
 * Linking another device with a code (spec §1, §7 auth/device_code, auth/add_session): a TV asks
 * for a code and shows it, the viewer enters it on their phone, the TV's key becomes their session.
 * After that the viewer chooses what the TV plays ("Watch on your TV" on a watch page): the game is
 * kept per linked device (`device_next`) and the TV asks for it with its own key.
 */
const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/device_code', { config: LIMITED, schema: { response: { 200: DeviceCodeResponse, 403: ApiErrorBody, 409: ApiErrorBody } } }, async (request, reply) => {
    if (request.userId !== null) return alreadyLoggedIn(reply);
    if (!(await linkingOn(app, request.channelId))) return linkingOff(reply);
    const now = new Date();
    // Housekeeping: a channel's expired codes, and this device's earlier codes, go.
    await app.db.deleteFrom('device_codes').where('channel_id', '=', request.channelId).where((eb) => eb.or([eb('expires_at', '<', now), eb('api_key_id', '=', request.apiKeyId)])).execute();
    const expiresAt = new Date(now.getTime() + DEVICE_CODE_TTL_MS);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = Array.from({ length: DEVICE_CODE_LENGTH }, () => DEVICE_CODE_ALPHABET[randomInt(DEVICE_CODE_ALPHABET.length)]).join('');
      const inserted = await app.db
        .insertInto('device_codes')
        .values({ channel_id: request.channelId, code, api_key_id: request.apiKeyId, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['channel_id', 'code']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { data: { code, expires_at: Math.floor(expiresAt.getTime() / 1000) } };
    }
    throw new Error('no free device code');
  });

  app.post(
    '/auth/add_session',
    { config: LIMITED, ...CHECKED_IN_HANDLER, schema: { body: AddSessionBody, response: { 200: MessageResponse, 401: ApiErrorBody, 403: ApiErrorBody, 422: ApiErrorBody } } },
    async (request, reply) => {
      const user = await currentUser(app, request);
      if (!user) return unauthenticated(reply);
      const body = bodyOf(request);
      const raw = text(body.code);
      if (raw === undefined || raw.length === 0) return fail(reply, 422, 'code', 'Field is required');
      const eventId = body.event_id === undefined || body.event_id === null ? null : eventIdOf(body.event_id);
      if (eventId === undefined || (eventId !== null && !(await eventExists(app, request.channelId, eventId)))) return fail(reply, 422, 'event_id', 'This game does not exist.');
      if (!(await linkingOn(app, request.channelId))) return linkingOff(reply);
      const code = raw.toUpperCase().replace(/[\s-]/g, '');
      if (code.length !== DEVICE_CODE_LENGTH) return fail(reply, 422, 'code', INVALID_CODE);
      // Single use: the update that marks it used is the one that wins.
      const claimed = await app.db
        .updateTable('device_codes')
        .set({ used_at: new Date() })
        .where('channel_id', '=', request.channelId)
        .where('code', '=', code)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('api_key_id')
        .executeTakeFirst();
      if (!claimed) return fail(reply, 422, 'code', INVALID_CODE);
      if (!(await bindKeyToUser(app, { channelId: request.channelId, keyId: claimed.api_key_id, userId: user.id }))) return fail(reply, 422, 'code', INVALID_CODE);
      await app.db
        .insertInto('device_next')
        .values({ channel_id: request.channelId, api_key_id: claimed.api_key_id, user_id: user.id, event_id: eventId, updated_at: new Date() })
        .onConflict((oc) => oc.column('api_key_id').doUpdateSet({ user_id: user.id, event_id: eventId, updated_at: new Date() }))
        .execute();
      return { data: { message: 'The device is now logged in.' } };
    },
  );

  // Asked every few seconds by a linked device with its own key: what its viewer chose last.
  app.get('/auth/device/next', { schema: { response: { 200: DeviceNextResponse, 401: ApiErrorBody } } }, async (request, reply) => {
    if (request.userId === null) return unauthenticated(reply);
    const row = await app.db
      .selectFrom('device_next')
      .select('event_id')
      .where('channel_id', '=', request.channelId)
      .where('api_key_id', '=', request.apiKeyId)
      .where('user_id', '=', request.userId)
      .executeTakeFirst();
    return reply.header('cache-control', 'no-store').send({ data: { event_id: row?.event_id ?? null } });
  });

  // The viewer sends a game to every device they linked that is still logged in as them.
  app.post(
    '/auth/device/next',
    { config: LIMITED, ...CHECKED_IN_HANDLER, schema: { body: DeviceNextBody, response: { 200: MessageResponse, 401: ApiErrorBody, 403: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody } } },
    async (request, reply) => {
      const user = await currentUser(app, request);
      if (!user) return unauthenticated(reply);
      const eventId = eventIdOf(bodyOf(request).event_id);
      if (eventId === undefined || !(await eventExists(app, request.channelId, eventId))) return fail(reply, 422, 'event_id', 'This game does not exist.');
      if (!(await linkingOn(app, request.channelId))) return linkingOff(reply);
      const sent = await app.db
        .updateTable('device_next')
        .set({ event_id: eventId, updated_at: new Date() })
        .where('channel_id', '=', request.channelId)
        .where('user_id', '=', user.id)
        // A device whose key is no longer this viewer's session (logged out, linked by another) is not theirs.
        .where('api_key_id', 'in', (eb) => eb.selectFrom('api_keys').select('id').where('user_id', '=', user.id))
        .returning('id')
        .execute();
      if (sent.length === 0) {
        const message = 'No TV is linked to your account yet. Enter the code your TV shows.';
        return reply.code(409).send({ message, field: 'device', code: NO_LINKED_DEVICE, errors: { device: [message] } } satisfies ApiErrorBody);
      }
      return { data: { message: sent.length === 1 ? 'Your TV is starting the game.' : `Your ${sent.length} TVs are starting the game.` } };
    },
  );
};

export default deviceRoutes;
