import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { type ApiErrorBody, LIBRARY_ERROR_CODES, type OperatorRole } from '@grandstand/contract';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../../core/db/schema.ts';
import { probeVideo } from '../../../core/media/transcode.ts';
import { type ConsoleActor, recordAudit, requireConsole } from '../../operators/index.ts';
import { noticeLibraryChanged } from './notice.ts';
import { searchDocument, searchLanguageOf, searchTitle } from '../rules.ts';
import { prerollFileName, removeUploadFiles } from './queue.ts';

/** Where the tus calls are: the console's API, so the operator's session cookie goes with them. */
export const UPLOADS_PATH = '/api/console/library/uploads';
/** An upload id as the server names them (16 random bytes, hex): nothing else reaches the store. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export interface UploadLimits {
  /** The largest upload (`LIBRARY_UPLOAD_MAX_MB`). */
  maxBytes: number;
  /** Bytes of uploads a channel may hold on disk at once (`LIBRARY_UPLOAD_QUOTA_MB`). */
  quotaBytes: number;
  /** An unfinished upload that has not moved for this long is removed (`LIBRARY_UPLOAD_EXPIRY`). */
  expiryMs: number;
}

export interface UploadsOptions {
  db: Database;
  dir: string;
  limits: UploadLimits;
  writers: readonly OperatorRole[];
  ffmpegPath?: string;
  /** An upload finished and its job is queued. */
  onQueued: () => void;
  /** The channel's language, for the new item's title and search document. */
  languageOf: (channelId: number) => 'en' | 'fr';
}

interface Context {
  actor: ConsoleActor;
}

/** A refusal as tus sends it (its status and body), with the API's `{ message, field, code }` body. */
function refusal(status: number, field: string, code: string, message: string) {
  const body: ApiErrorBody = { message, field, code };
  return { status_code: status, body: JSON.stringify(body) };
}

/** The upload's metadata names its kind, its file's name and a video type. */
function metadataOf(upload: Upload): { kind: 'video' | 'preroll'; filename: string } {
  const meta = upload.metadata ?? {};
  const kind = meta.kind ?? 'video';
  if (kind !== 'video' && kind !== 'preroll') throw refusal(400, 'kind', LIBRARY_ERROR_CODES.badMetadata, 'An upload is a video or a preroll.');
  const filename = (meta.filename ?? meta.name ?? '').trim().slice(0, 200);
  if (filename === '') throw refusal(400, 'filename', LIBRARY_ERROR_CODES.badMetadata, 'Name the file.');
  const type = meta.filetype ?? meta.type ?? '';
  if (!/^video\/[a-z0-9.+-]+$/i.test(type)) throw refusal(415, 'filetype', LIBRARY_ERROR_CODES.notVideo, 'Only video files can be uploaded.');
  return { kind, filename };
}

/** A title from a file's name: its extension dropped, separators as spaces. */
export function titleFromFilename(filename: string): string {
  const title = filename
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return title === '' ? 'Untitled video' : title.slice(0, 200);
}

/**
 * The library's resumable uploads (tus 1.0, `@tus/server` with its file store) under the console's
 * API: an owner's or producer's session (or token) for every call; an upload belongs to its channel
 * (another channel's operator is told it does not exist); the size is declared when the upload
 * starts and may not pass the limit, nor the channel's uploads on disk its quota (counted under a
 * per-channel lock, so two uploads at once cannot both squeeze in); only a video type is taken, and
 * the finished file must hold a video stream (probed) before it becomes an item or a preroll and
 * its transcode job is queued. A stalled upload expires (its file and quota freed).
 *
 * The files are on this instance's disk: several instances need the uploads folder shared (or the
 * balancer's affinity), as the tus locker here is the in-memory one.
 */
export function uploadsRoutes(options: UploadsOptions): { routes: FastifyPluginAsync; sweep: () => Promise<number> } {
  const { db, limits } = options;
  const contexts = new WeakMap<Request, Context>();
  const store = new FileStore({ directory: options.dir, expirationPeriodInMilliseconds: limits.expiryMs });

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    maxSize: limits.maxBytes,
    relativeLocation: true,
    // Same origin only: the console calls from its own channel's host.
    allowedOrigins: () => false,
    namingFunction: () => randomBytes(16).toString('hex'),
    onUploadCreate: async (req, upload) => {
      const context = contexts.get(req as unknown as Request);
      if (!context) throw refusal(401, 'session', 'session_required', 'Sign in to the control room.');
      const { kind, filename } = metadataOf(upload);
      if (upload.size === undefined) throw refusal(400, 'Upload-Length', LIBRARY_ERROR_CODES.lengthRequired, 'Declare the upload’s size.');
      if (upload.size > limits.maxBytes) {
        throw refusal(413, 'Upload-Length', LIBRARY_ERROR_CODES.tooLarge, `A video may be ${Math.floor(limits.maxBytes / (1024 * 1024))} MB at most.`);
      }
      const { channelId } = context.actor;
      const accepted = await db.transaction().execute(async (tx) => {
        // One upload of a channel counts its quota at a time: two at once cannot both fit in what is left.
        await sql`select pg_advisory_xact_lock(hashtext('library_uploads'), ${channelId})`.execute(tx);
        const used = await tx.selectFrom('library_uploads').select(sql<string>`coalesce(sum(size), 0)`.as('n')).where('channel_id', '=', channelId).executeTakeFirstOrThrow();
        if (Number(used.n) + upload.size! > limits.quotaBytes) return false;
        await tx.insertInto('library_uploads').values({ id: upload.id, channel_id: channelId, kind, filename, size: upload.size!, actor_label: context.actor.label }).execute();
        return true;
      });
      if (!accepted) throw refusal(413, 'Upload-Length', LIBRARY_ERROR_CODES.quota, 'The channel’s upload space is full: wait for the videos being processed, or remove unfinished uploads.');
      return {};
    },
    onUploadFinish: async (req, upload) => {
      const context = contexts.get(req as unknown as Request)!;
      const row = await db.selectFrom('library_uploads').select(['kind', 'filename']).where('id', '=', upload.id).where('channel_id', '=', context.actor.channelId).executeTakeFirst();
      if (!row) throw refusal(404, 'id', LIBRARY_ERROR_CODES.uploadNotFound, 'No such upload.');
      const probed = await probeVideo(join(options.dir, upload.id), options.ffmpegPath);
      if (!probed) {
        await db.deleteFrom('library_uploads').where('id', '=', upload.id).execute();
        await removeUploadFiles(options.dir, upload.id);
        throw refusal(422, 'file', LIBRARY_ERROR_CODES.notVideo, 'This file is not a video the library can read.');
      }
      const target = await db.transaction().execute((tx) => createTarget(tx, context.actor, upload.id, row.kind, row.filename, options.languageOf(context.actor.channelId)));
      options.onQueued();
      return { status_code: 204, headers: { 'Library-Target': `${row.kind === 'video' ? 'item' : 'preroll'}:${target}` } };
    },
  });

  const refuse = (reply: FastifyReply, status: number, field: string, code: string, message: string) => {
    const body: ApiErrorBody = { message, field, code };
    return reply.code(status).header('cache-control', 'no-store').send(body);
  };

  const write = requireConsole(options.writers);

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const actor = request.consoleActor!;
    const id = (request.params as { id?: string }).id;
    if (id !== undefined) {
      const owned = UPLOAD_ID.test(id)
        ? await db.selectFrom('library_uploads').select('id').where('id', '=', id).where('channel_id', '=', actor.channelId).where('finished_at', 'is', null).executeTakeFirst()
        : undefined;
      // Another channel's upload is as unknown as a missing one.
      if (!owned) return refuse(reply, 404, 'id', LIBRARY_ERROR_CODES.uploadNotFound, 'No such upload.');
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    const streamed = request.method === 'PATCH' || (request.method === 'POST' && request.headers['content-type'] === 'application/offset+octet-stream');
    const web = new Request(`http://${request.hostname}${request.url}`, {
      method: request.method,
      headers,
      ...(streamed ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    contexts.set(web, { actor });
    const response = await tus.handleWeb(web);
    if (id !== undefined && request.method === 'PATCH') await db.updateTable('library_uploads').set({ touched_at: sql<Date>`now()` }).where('id', '=', id).execute();
    // An upload the operator ended frees its quota at once.
    if (id !== undefined && request.method === 'DELETE' && response.status === 204) await db.deleteFrom('library_uploads').where('id', '=', id).execute();
    const text = await response.text();
    if (response.status < 400) {
      response.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'connection') reply.header(name, value);
      });
      return reply.code(response.status).send(text === '' ? undefined : text);
    }
    reply.header('tus-resumable', response.headers.get('tus-resumable') ?? '1.0.0');
    // The API's refusal body, whatever tus said in its own words.
    if (text.startsWith('{')) return reply.code(response.status).type('application/json').send(text);
    return refuse(reply, response.status, 'upload', response.status === 413 ? LIBRARY_ERROR_CODES.tooLarge : 'upload_refused', text.trim() || 'The upload was refused.');
  };

  const routes: FastifyPluginAsync = async (app) => {
    // The upload's bytes are read by tus from the request stream, never parsed.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    // tus calls: not in the API document (a protocol of its own, spelt by tus-js-client).
    const config = { config: { apiKey: false }, preHandler: write, schema: { hide: true } };
    app.route({ method: ['POST'], url: '/library/uploads', ...config, handler: handle });
    app.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: '/library/uploads/:id', ...config, handler: handle });
  };

  /** Removes the unfinished uploads that have not moved for `expiryMs`; how many. */
  const sweep = async () => {
    const gone = await db
      .deleteFrom('library_uploads')
      .where('finished_at', 'is', null)
      .where('touched_at', '<', sql<Date>`now() - ${limits.expiryMs}::integer * interval '1 millisecond'`)
      .returning('id')
      .execute();
    for (const row of gone) await removeUploadFiles(options.dir, row.id);
    return gone.length;
  };
  return { routes, sweep };
}

/** Makes the finished upload's item (a processing draft) or preroll, and its transcode job; audited. Its id. */
async function createTarget(tx: Database, actor: ConsoleActor, uploadId: string, kind: 'video' | 'preroll', filename: string, language: 'en' | 'fr'): Promise<number> {
  const title = titleFromFilename(filename);
  await tx.updateTable('library_uploads').set({ finished_at: sql<Date>`now()` }).where('id', '=', uploadId).execute();
  if (kind === 'video') {
    const searchLanguage = searchLanguageOf(language);
    const { id } = await tx
      .insertInto('vod_media_items')
      .values({
        channel_id: actor.channelId,
        ref: `upload-${uploadId}`,
        title,
        description: null,
        date: sql<string>`current_date`,
        access: 'free',
        duration: 0,
        search_document: searchDocument(searchLanguage, title, null),
        search_title: searchTitle(title),
        status: 'processing',
        progress: 0,
        // A draft until the producer sets its publish date.
        published_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('library_jobs').values({ channel_id: actor.channelId, upload_id: uploadId, item_id: id }).execute();
    await recordAudit(tx, { actor, action: 'library.item.upload', subject: `vod_media_item:${id}`, before: null, after: { title, filename } });
    await noticeLibraryChanged(tx, actor.channelId);
    return id;
  }
  const { id } = await tx
    .insertInto('prerolls')
    .values({ channel_id: actor.channelId, url: '', weight: 1, title, status: 'processing', progress: 0, for_vod: true, for_live: true, event_category_ids: JSON.stringify([]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const slug = (await tx.selectFrom('channels').select('slug').where('id', '=', actor.channelId).executeTakeFirstOrThrow()).slug;
  await tx.updateTable('prerolls').set({ url: `/media/prerolls/${prerollFileName(slug, id)}.m3u8` }).where('id', '=', id).execute();
  await tx.insertInto('library_jobs').values({ channel_id: actor.channelId, upload_id: uploadId, preroll_id: id }).execute();
  await recordAudit(tx, { actor, action: 'library.preroll.upload', subject: `preroll:${id}`, before: null, after: { title, filename } });
  await noticeLibraryChanged(tx, actor.channelId);
  return id;
}
