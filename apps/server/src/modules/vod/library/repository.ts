import type { LibraryItem, LibraryLanguage, LibraryPreroll, LibraryRail, UpdateLibraryItemBody, UpdateLibraryPrerollBody } from '@grandstand/contract';
import { sql } from 'kysely';
import type { Database } from '../../../core/db/schema.ts';
import type { AuditEntryInput, ConsoleActor } from '../../operators/index.ts';
import { noticeLibraryChanged } from './notice.ts';
import { searchDocument, searchLanguageOf, searchTitle, vodAssetPath } from '../rules.ts';
import { FRAME_COUNT } from '../../../core/media/transcode.ts';
import { Refusal } from '../../../core/refusal.ts';

type AuditWriter = (db: Database, entry: AuditEntryInput) => Promise<void>;

/** A refusal of the library's calls: its status, field and machine code (answered `{ message, field, code }`). */
export class LibraryProblem extends Refusal {
  override name = 'LibraryProblem';
  declare readonly code: string;
  constructor(field: string, code: string, message: string, status: number) {
    super(status, field, code, message);
  }
}

interface ItemRow {
  id: number;
  ref: string;
  title: string;
  description: string | null;
  translations: Record<string, { title: string; description: string | null }>;
  category_id: number | null;
  access: string;
  date: string;
  published_at: Date | null;
  duration: number;
  status: 'processing' | 'ready' | 'failed';
  progress: number;
  failure_reason: string | null;
  created_at: Date;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The control room's library (spec §1, §3): its items whatever their status or publish date (the
 * viewers' reads in ../repository.ts see only ready, published ones), the rails' order, the
 * prerolls. Every change is written with its audit row and a notice to every instance in one
 * transaction; every read and write is scoped by the operator's channel.
 */
export class LibraryRepository {
  readonly #db: Database;
  readonly #audit: AuditWriter;

  constructor(db: Database, audit: AuditWriter) {
    this.#db = db;
    this.#audit = audit;
  }

  #itemRows(db: Database = this.#db) {
    return db
      .selectFrom('vod_media_items')
      .select([
        'id',
        'ref',
        'title',
        'description',
        'translations',
        'category_id',
        'access',
        sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'),
        'published_at',
        'duration',
        'status',
        'progress',
        'failure_reason',
        'created_at',
      ]);
  }

  toItem(row: ItemRow, slug: string, language: LibraryLanguage): LibraryItem {
    const texts: LibraryItem['texts'] = { ...row.translations, [language]: { title: row.title, description: row.description } };
    return {
      id: row.id,
      status: row.status,
      progress: row.progress,
      failureReason: row.failure_reason,
      texts,
      categoryId: row.category_id,
      access: row.access as LibraryItem['access'],
      date: row.date,
      publishedAt: iso(row.published_at),
      duration: row.duration,
      poster: row.status === 'ready' ? vodAssetPath(slug, row.ref, 'poster.jpg') : null,
      // Uploaded items keep their candidate frames; a seeded one has none.
      frames: row.status === 'ready' && row.ref.startsWith('upload-') ? FRAME_COUNT : 0,
      createdAt: iso(row.created_at)!,
    };
  }

  async items(channelId: number): Promise<ItemRow[]> {
    return this.#itemRows().where('channel_id', '=', channelId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute() as Promise<ItemRow[]>;
  }

  async item(channelId: number, id: number, db: Database = this.#db): Promise<ItemRow | undefined> {
    return this.#itemRows(db).where('channel_id', '=', channelId).where('id', '=', id).executeTakeFirst() as Promise<ItemRow | undefined>;
  }

  async categories(channelId: number) {
    return this.#db.selectFrom('vod_media_categories').select(['id', 'name']).where('channel_id', '=', channelId).orderBy('position').orderBy('id').execute();
  }

  async sports(channelId: number) {
    return this.#db.selectFrom('event_categories').select(['id', 'name']).where('channel_id', '=', channelId).orderBy('position').orderBy('id').execute();
  }

  /** Bytes of the channel's uploads whose file is still on disk (uploading, or waiting for its transcode). */
  async usedBytes(channelId: number, db: Database = this.#db): Promise<number> {
    const row = await db.selectFrom('library_uploads').select(sql<string>`coalesce(sum(size), 0)`.as('n')).where('channel_id', '=', channelId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Changes an item; the channel's language's text goes in its own columns (and the search document). */
  async updateItem(actor: ConsoleActor, id: number, body: UpdateLibraryItemBody, language: LibraryLanguage): Promise<ItemRow> {
    return this.#db.transaction().execute(async (tx) => {
      const before = await this.item(actor.channelId, id, tx);
      if (!before) throw notFound();
      if (body.categoryId !== undefined && body.categoryId !== null) {
        const category = await tx.selectFrom('vod_media_categories').select('id').where('channel_id', '=', actor.channelId).where('id', '=', body.categoryId).executeTakeFirst();
        if (!category) throw new LibraryProblem('categoryId', 'library_not_found', 'No such category.', 422);
      }
      const translations = { ...before.translations };
      let title = before.title;
      let description = before.description;
      for (const [lang, text] of Object.entries(body.texts ?? {})) {
        if (lang === language) {
          title = text.title;
          description = text.description === '' ? null : text.description;
        } else translations[lang] = { title: text.title, description: text.description === '' ? null : text.description };
      }
      const searchLanguage = searchLanguageOf(language);
      await tx
        .updateTable('vod_media_items')
        .set({
          title,
          description,
          translations: JSON.stringify(translations),
          search_document: searchDocument(searchLanguage, title, description),
          search_title: searchTitle(title),
          ...(body.categoryId !== undefined ? { category_id: body.categoryId } : {}),
          ...(body.access !== undefined ? { access: body.access } : {}),
          ...(body.date !== undefined ? { date: body.date } : {}),
          ...(body.publishedAt !== undefined ? { published_at: body.publishedAt } : {}),
        })
        .where('id', '=', id)
        .where('channel_id', '=', actor.channelId)
        .execute();
      const after = (await this.item(actor.channelId, id, tx))!;
      await this.#audit(tx, { actor, action: 'library.item.update', subject: `vod_media_item:${id}`, before: auditView(before), after: auditView(after) });
      await noticeLibraryChanged(tx, actor.channelId);
      return after;
    });
  }

  async deleteItem(actor: ConsoleActor, id: number): Promise<ItemRow> {
    return this.#db.transaction().execute(async (tx) => {
      const before = await this.item(actor.channelId, id, tx);
      if (!before) throw notFound();
      await tx.deleteFrom('vod_media_items').where('id', '=', id).where('channel_id', '=', actor.channelId).execute();
      await this.#audit(tx, { actor, action: 'library.item.delete', subject: `vod_media_item:${id}`, before: auditView(before), after: null });
      await noticeLibraryChanged(tx, actor.channelId);
      return before;
    });
  }

  /** Audits a poster change (the files are written by the caller). */
  async posterChanged(actor: ConsoleActor, id: number, source: string): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await this.#audit(tx, { actor, action: 'library.item.poster', subject: `vod_media_item:${id}`, before: null, after: { poster: source } });
      await noticeLibraryChanged(tx, actor.channelId);
    });
  }

  async rails(channelId: number, db: Database = this.#db): Promise<LibraryRail[]> {
    const [rails, items] = await Promise.all([
      db.selectFrom('vod_rails').select(['id', 'title']).where('channel_id', '=', channelId).orderBy('position').orderBy('id').execute(),
      db.selectFrom('vod_rail_items').select(['rail_id', 'item_id']).where('channel_id', '=', channelId).orderBy('rail_id').orderBy('position').execute(),
    ]);
    return rails.map((rail) => ({ id: rail.id, title: rail.title, itemIds: items.filter((item) => item.rail_id === rail.id).map((item) => item.item_id) }));
  }

  async createRail(actor: ConsoleActor, title: string): Promise<LibraryRail[]> {
    return this.#db.transaction().execute(async (tx) => {
      const last = await tx.selectFrom('vod_rails').select(sql<number>`coalesce(max(position), -1)`.as('p')).where('channel_id', '=', actor.channelId).executeTakeFirstOrThrow();
      const { id } = await tx.insertInto('vod_rails').values({ channel_id: actor.channelId, title, position: Number(last.p) + 1 }).returning('id').executeTakeFirstOrThrow();
      await this.#audit(tx, { actor, action: 'library.rail.create', subject: `vod_rail:${id}`, before: null, after: { title } });
      await noticeLibraryChanged(tx, actor.channelId);
      return this.rails(actor.channelId, tx);
    });
  }

  /** A rail's title and its items in the order given (each an item of the channel, once). */
  async updateRail(actor: ConsoleActor, id: number, body: { title?: string; itemIds?: number[] }): Promise<LibraryRail[]> {
    return this.#db.transaction().execute(async (tx) => {
      const before = (await this.rails(actor.channelId, tx)).find((rail) => rail.id === id);
      if (!before) throw notFound();
      if (body.title !== undefined) await tx.updateTable('vod_rails').set({ title: body.title }).where('id', '=', id).where('channel_id', '=', actor.channelId).execute();
      if (body.itemIds !== undefined) {
        const ids = body.itemIds;
        if (new Set(ids).size !== ids.length) throw new LibraryProblem('itemIds', 'rail_order', 'An item is listed twice.', 422);
        if (ids.length > 0) {
          const known = await tx.selectFrom('vod_media_items').select('id').where('channel_id', '=', actor.channelId).where('id', 'in', ids).execute();
          if (known.length !== ids.length) throw new LibraryProblem('itemIds', 'library_not_found', 'No such video.', 422);
        }
        await tx.deleteFrom('vod_rail_items').where('rail_id', '=', id).where('channel_id', '=', actor.channelId).execute();
        if (ids.length > 0) await tx.insertInto('vod_rail_items').values(ids.map((itemId, position) => ({ channel_id: actor.channelId, rail_id: id, item_id: itemId, position }))).execute();
      }
      const rails = await this.rails(actor.channelId, tx);
      await this.#audit(tx, { actor, action: 'library.rail.update', subject: `vod_rail:${id}`, before, after: rails.find((rail) => rail.id === id) });
      await noticeLibraryChanged(tx, actor.channelId);
      return rails;
    });
  }

  /** The rails' new order: every rail of the channel, each once. */
  async orderRails(actor: ConsoleActor, railIds: number[]): Promise<LibraryRail[]> {
    return this.#db.transaction().execute(async (tx) => {
      const before = await this.rails(actor.channelId, tx);
      const known = new Set(before.map((rail) => rail.id));
      if (railIds.length !== known.size || new Set(railIds).size !== railIds.length || railIds.some((id) => !known.has(id))) {
        throw new LibraryProblem('railIds', 'rail_order', 'List every rail of the channel once.', 422);
      }
      for (const [position, id] of railIds.entries()) await tx.updateTable('vod_rails').set({ position }).where('id', '=', id).where('channel_id', '=', actor.channelId).execute();
      await this.#audit(tx, { actor, action: 'library.rail.order', subject: 'vod_rails', before: before.map((rail) => rail.id), after: railIds });
      await noticeLibraryChanged(tx, actor.channelId);
      return this.rails(actor.channelId, tx);
    });
  }

  async deleteRail(actor: ConsoleActor, id: number): Promise<LibraryRail[]> {
    return this.#db.transaction().execute(async (tx) => {
      const before = (await this.rails(actor.channelId, tx)).find((rail) => rail.id === id);
      if (!before) throw notFound();
      await tx.deleteFrom('vod_rails').where('id', '=', id).where('channel_id', '=', actor.channelId).execute();
      await this.#audit(tx, { actor, action: 'library.rail.delete', subject: `vod_rail:${id}`, before, after: null });
      await noticeLibraryChanged(tx, actor.channelId);
      return this.rails(actor.channelId, tx);
    });
  }

  #prerollRows(db: Database = this.#db) {
    return db.selectFrom('prerolls').select(['id', 'title', 'status', 'progress', 'failure_reason', 'url', 'weight', 'event_category_ids', 'for_vod', 'for_live']);
  }

  static toPreroll(row: {
    id: number;
    title: string | null;
    status: 'processing' | 'ready' | 'failed';
    progress: number;
    failure_reason: string | null;
    url: string;
    weight: number;
    event_category_ids: number[];
    for_vod: boolean;
    for_live: boolean;
  }): LibraryPreroll {
    return {
      id: row.id,
      title: row.title ?? row.url.slice(row.url.lastIndexOf('/') + 1),
      status: row.status,
      progress: row.progress,
      failureReason: row.failure_reason,
      url: row.status === 'ready' ? row.url : null,
      weight: row.weight,
      eventCategoryIds: row.event_category_ids,
      forVod: row.for_vod,
      forLive: row.for_live,
    };
  }

  async prerolls(channelId: number): Promise<LibraryPreroll[]> {
    return (await this.#prerollRows().where('channel_id', '=', channelId).orderBy('id', 'desc').execute()).map(LibraryRepository.toPreroll);
  }

  async updatePreroll(actor: ConsoleActor, id: number, body: UpdateLibraryPrerollBody): Promise<LibraryPreroll> {
    return this.#db.transaction().execute(async (tx) => {
      const before = await this.#prerollRows(tx).where('channel_id', '=', actor.channelId).where('id', '=', id).executeTakeFirst();
      if (!before) throw notFound();
      if (body.eventCategoryIds !== undefined && body.eventCategoryIds.length > 0) {
        const known = await tx.selectFrom('event_categories').select('id').where('channel_id', '=', actor.channelId).where('id', 'in', body.eventCategoryIds).execute();
        if (known.length !== new Set(body.eventCategoryIds).size) throw new LibraryProblem('eventCategoryIds', 'library_not_found', 'No such sport.', 422);
      }
      await tx
        .updateTable('prerolls')
        .set({
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.weight !== undefined ? { weight: body.weight } : {}),
          ...(body.eventCategoryIds !== undefined ? { event_category_ids: JSON.stringify([...new Set(body.eventCategoryIds)]) } : {}),
          ...(body.forVod !== undefined ? { for_vod: body.forVod } : {}),
          ...(body.forLive !== undefined ? { for_live: body.forLive } : {}),
        })
        .where('id', '=', id)
        .where('channel_id', '=', actor.channelId)
        .execute();
      const after = (await this.#prerollRows(tx).where('id', '=', id).executeTakeFirstOrThrow())!;
      await this.#audit(tx, { actor, action: 'library.preroll.update', subject: `preroll:${id}`, before, after });
      await noticeLibraryChanged(tx, actor.channelId);
      return LibraryRepository.toPreroll(after);
    });
  }

  async deletePreroll(actor: ConsoleActor, id: number): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      const before = await this.#prerollRows(tx).where('channel_id', '=', actor.channelId).where('id', '=', id).executeTakeFirst();
      if (!before) throw notFound();
      await tx.deleteFrom('prerolls').where('id', '=', id).where('channel_id', '=', actor.channelId).execute();
      await this.#audit(tx, { actor, action: 'library.preroll.delete', subject: `preroll:${id}`, before, after: null });
      await noticeLibraryChanged(tx, actor.channelId);
    });
  }
}

function notFound(): LibraryProblem {
  // Another channel's item, rail or preroll is as unknown as a missing one (architecture: multi-tenancy).
  return new LibraryProblem('id', 'library_not_found', 'Not found.', 404);
}

/** What the audit log keeps of an item: its fields, not its search columns. */
function auditView(row: ItemRow) {
  return {
    title: row.title,
    description: row.description,
    translations: row.translations,
    category_id: row.category_id,
    access: row.access,
    date: row.date,
    published_at: iso(row.published_at),
    status: row.status,
  };
}
