import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { ChannelFiles } from '../../core/media/pictures.ts';
import type { Database } from '../../core/db/schema.ts';
import './tables.ts';

/**
 * Copies the channels' pictures (`channel_files`) that the media dir lacks into `files.root` by
 * content and tells `files` what each channel carries: one query for the list, one per missing
 * file. `channelId` null: every channel (start, or after notices went unheard).
 */
export async function syncChannelFiles(db: Database, files: ChannelFiles, channelId: number | null): Promise<void> {
  let query = db.selectFrom('channel_files').select(['channel_id', 'path', 'sha256']).orderBy('channel_id');
  if (channelId !== null) query = query.where('channel_id', '=', channelId);
  const rows = await query.execute();
  const byChannel = new Map<number, Map<string, string>>();
  if (channelId !== null) byChannel.set(channelId, new Map());
  await mkdir(files.root, { recursive: true });
  for (const row of rows) {
    let index = byChannel.get(row.channel_id);
    if (!index) byChannel.set(row.channel_id, (index = new Map()));
    index.set(row.path, row.sha256);
    const target = join(files.root, `${row.sha256}${extname(row.path).toLowerCase()}`);
    if (existsSync(target)) continue;
    const content = await db.selectFrom('channel_files').select('content').where('channel_id', '=', row.channel_id).where('path', '=', row.path).executeTakeFirst();
    if (!content) continue;
    // Written aside and renamed: another instance sharing the media dir never reads half a file.
    const partial = `${target}.${process.pid}.part`;
    await writeFile(partial, content.content);
    await rename(partial, target);
  }
  for (const [id, index] of byChannel) files.set(id, index);
}
