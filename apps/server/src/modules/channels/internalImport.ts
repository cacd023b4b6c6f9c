import { hkdfSync, timingSafeEqual } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { type ApiErrorBody, ChannelSlug } from '@grandstand/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { loadChannelFolder } from '../../core/channels/loadChannels.ts';
import { ChannelImportError, importChannel } from './import.ts';
import { seedMissing } from './seed.ts';

/** The token `channels import` hands a folder to the running server with: derived from the app secret, as the ingest's callbacks' is. */
export function importToken(secret: string | Uint8Array): string {
  return Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), 'grandstand channels: import', 32)).toString('base64url');
}

export const INTERNAL_IMPORT_PATH = '/api/internal/channels/import';
export const ImportRequest = z.object({ folder: z.string().min(1).max(4096).refine(isAbsolute, 'must be an absolute path') });
export const ImportAnswer = z.object({ id: z.number().int(), slug: ChannelSlug, outcome: z.enum(['created', 'updated', 'unchanged']), seeded: z.boolean() });
export type ImportAnswer = z.infer<typeof ImportAnswer>;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * `channels import <folder>` while this server runs (on PGlite it holds the database: no other
 * process may open it): the command hands the folder to the server, which reads, validates and
 * imports it as the command would. From this machine only (the socket's own address, never a
 * forwarded one) and with the token derived from the app secret, which only this installation
 * knows.
 */
export function internalImportRoute(secret: string | Uint8Array): FastifyPluginAsync {
  const expected = Buffer.from(importToken(secret));
  return async (app) => {
    app.post(INTERNAL_IMPORT_PATH, { config: { apiKey: false } }, async (request, reply) => {
      const fail = (status: number, field: string, message: string) => reply.code(status).send({ message, field } satisfies ApiErrorBody);
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return fail(403, 'address', 'Channels are imported from this machine only.');
      const header = request.headers.authorization;
      const given = Buffer.from(typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return fail(403, 'token', 'Not this installation’s import token.');
      const body = ImportRequest.safeParse(request.body);
      if (!body.success) return fail(400, 'folder', `folder: ${body.error.issues[0]?.message ?? 'is required'}`);
      let folder;
      try {
        folder = loadChannelFolder(body.data.folder);
      } catch (error) {
        // The folder's own problems, named by file and field, go back to the command.
        return fail(422, 'folder', error instanceof Error ? error.message : String(error));
      }
      try {
        const { channel, outcome } = await importChannel(app.db, folder, { force: true });
        const seeded = (await seedMissing(app.db, [channel])).length > 0;
        await app.channels.refresh(app.db, channel.id);
        app.dataChanged.emit(channel.id);
        return { id: channel.id, slug: channel.config.slug, outcome, seeded } satisfies ImportAnswer;
      } catch (error) {
        if (error instanceof ChannelImportError) return fail(422, 'folder', error.message);
        throw error;
      }
    });
  };
}
