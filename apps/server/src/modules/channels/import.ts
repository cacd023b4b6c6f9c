import { join } from 'node:path';
import { sql } from 'kysely';
import type { ChannelFolder, LoadedChannel } from '../../core/channels/loadChannels.ts';
import { announceChannelChange, readLoadedChannel } from '../../core/channels/registry.ts';
import type { ChannelSeed } from '../../core/channels/seedSchema.ts';
import type { Database } from '../../core/db/schema.ts';
import './tables.ts';

/** Files an owner uploads in the control room live under this prefix: an import of the folder leaves them. */
export const CONSOLE_FILES_PREFIX = 'console-';

/** A channel just imported: as the registry holds it, with the demo seed its folder brought. */
export interface ImportedChannel extends LoadedChannel {
  seed: ChannelSeed | null;
}

export type ImportOutcome = 'created' | 'updated' | 'unchanged';

export interface ImportOptions {
  /**
   * Write the folder even when the row was last imported from the very same files (`channels
   * import`). Without it (the start), an unchanged folder leaves the row alone, so what the owner
   * changed since in the control room stays.
   */
  force?: boolean;
  /**
   * The folder may take the default from another channel (the start imports every folder of
   * `channels/`, which has exactly one default). Without it, a folder that says `default` while
   * another channel is the default is refused.
   */
  takeDefault?: boolean;
}

/** An import refused for what the folder says (the file and field are in the message). */
export class ChannelImportError extends Error {}

/**
 * Writes a channel folder into the database (architecture: channels are data): the row, by slug
 * (ids stay, api keys keep working; a suspended channel stays suspended), its whole validated
 * channel.json as `config`, and the pictures the folder carries into `channel_files`, so the channel
 * needs no folder on disk from now on. One transaction; the `channels_changed` notice goes out at
 * its commit, so every instance serves the channel within moments.
 */
export async function importChannel(db: Database, folder: ChannelFolder, options: ImportOptions = {}): Promise<{ channel: ImportedChannel; outcome: ImportOutcome }> {
  const { config } = folder;
  const file = join(folder.dir, 'channel.json');
  const { id, outcome } = await db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom('channels').select(['id', 'source_sha256']).where('slug', '=', config.slug).forUpdate().executeTakeFirst();
    if (existing && !options.force && existing.source_sha256 === folder.sourceSha256) return { id: existing.id, outcome: 'unchanged' as const };
    const keyHolder = await tx.selectFrom('channels').select('slug').where('channel_key', '=', config.channelKey).where('slug', '!=', config.slug).executeTakeFirst();
    if (keyHolder) throw new ChannelImportError(`${file} is not a valid channel config:\n  channelKey: is the key of channel ${keyHolder.slug} already`);
    const otherDefault = await tx.selectFrom('channels').select(['id', 'slug']).where('is_default', '=', true).where('slug', '!=', config.slug).executeTakeFirst();
    if (config.default && otherDefault) {
      if (!options.takeDefault) throw new ChannelImportError(`${file} is not a valid channel config:\n  default: channel ${otherDefault.slug} is the default channel already`);
      // The folders of channels/ name one default: the one that had it hands it over.
      await tx
        .updateTable('channels')
        .set({ is_default: false, config: sql`jsonb_set(config, '{default}', 'false')`, updated_at: new Date() })
        .where('id', '=', otherDefault.id)
        .execute();
      await announceChannelChange(tx, otherDefault.id);
    }
    const now = new Date();
    const columns = {
      name: config.name,
      channel_key: config.channelKey,
      language: config.language,
      currency: config.currency,
      is_default: config.default,
      config: JSON.stringify(config),
      updated_at: now,
      source_sha256: folder.sourceSha256,
    };
    const row = await tx
      .insertInto('channels')
      .values({ ...columns, slug: config.slug, settings: '{}', color_settings: JSON.stringify(config.fallbackColors) })
      .onConflict((oc) => oc.column('slug').doUpdateSet(columns))
      .returning('id')
      .executeTakeFirstOrThrow();
    // The folder's pictures replace the ones it brought before; an owner's uploads stay.
    const paths = folder.files.map((f) => f.path);
    let stale = tx.deleteFrom('channel_files').where('channel_id', '=', row.id).where('path', 'not like', `${CONSOLE_FILES_PREFIX}%`);
    if (paths.length > 0) stale = stale.where('path', 'not in', paths);
    await stale.execute();
    for (const f of folder.files) {
      await tx
        .insertInto('channel_files')
        .values({ channel_id: row.id, path: f.path, content: f.content, content_type: f.contentType, sha256: f.sha256 })
        .onConflict((oc) => oc.columns(['channel_id', 'path']).doUpdateSet({ content: f.content, content_type: f.contentType, sha256: f.sha256 }).where('channel_files.sha256', '!=', f.sha256))
        .execute();
    }
    await announceChannelChange(tx, row.id);
    return { id: row.id, outcome: existing ? ('updated' as const) : ('created' as const) };
  });
  const channel = await readLoadedChannel(db, id);
  if (!channel) throw new Error(`channel ${config.slug} was imported but its row cannot be read`);
  return { channel: { ...channel, seed: folder.seed }, outcome };
}

/**
 * The folders of `channels/` at start (and `seed`): each imported when it changed since its last
 * import (or `force`), the default handed to the folder that names it.
 */
export async function importChannels(db: Database, folders: readonly ChannelFolder[], options: Omit<ImportOptions, 'takeDefault'> = {}): Promise<ImportedChannel[]> {
  const imported: ImportedChannel[] = [];
  // The default first: the channel that held it before gives it up before any other folder is written.
  const ordered = [...folders].sort((a, b) => Number(b.config.default) - Number(a.config.default));
  for (const folder of ordered) imported.push((await importChannel(db, folder, { ...options, takeDefault: true })).channel);
  const order = new Map(folders.map((folder, index) => [folder.config.slug, index]));
  return imported.sort((a, b) => order.get(a.config.slug)! - order.get(b.config.slug)!);
}

/** A picture of the channel (a file its folder brought, or the owner's upload), or null. */
export async function channelFile(db: Database, channelId: number, path: string): Promise<{ content: Buffer; contentType: string; sha256: string } | null> {
  const row = await db.selectFrom('channel_files').select(['content', 'content_type', 'sha256']).where('channel_id', '=', channelId).where('path', '=', path).executeTakeFirst();
  return row ? { content: Buffer.from(row.content), contentType: row.content_type, sha256: row.sha256 } : null;
}
