import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { ChannelFiles } from '../../core/media/pictures.ts';
import type { Database } from '../../core/db/schema.ts';
import './tables.ts';

/** Files fetched per query when the media dir lacks many (a thousand channels' logos on a first start). */
const BATCH = 200;

/**
 * Copies the channels' pictures (`channel_files`) that the media dir lacks into `files.root` by
 * content and tells `files` what each channel carries: one query for the list, then one per 200
 * missing contents (a content several channels carry is fetched once). `channelId` null: every
 * channel (start, or after notices went unheard).
 */
export async function syncChannelFiles(db: Database, files: ChannelFiles, channelId: number | null): Promise<void> {
  let query = db.selectFrom('channel_files').select(['channel_id', 'path', 'sha256']).orderBy('channel_id');
  if (channelId !== null) query = query.where('channel_id', '=', channelId);
  const rows = await query.execute();
  const byChannel = new Map<number, Map<string, string>>();
  if (channelId !== null) byChannel.set(channelId, new Map());
  /** sha256 → where its copies go (one per extension it is named with), for the contents the media dir lacks. */
  const missing = new Map<string, Set<string>>();
  for (const row of rows) {
    let index = byChannel.get(row.channel_id);
    if (!index) byChannel.set(row.channel_id, (index = new Map()));
    index.set(row.path, row.sha256);
    const target = join(files.root, `${row.sha256}${extname(row.path).toLowerCase()}`);
    if (existsSync(target)) continue;
    let targets = missing.get(row.sha256);
    if (!targets) missing.set(row.sha256, (targets = new Set()));
    targets.add(target);
  }
  if (missing.size > 0) await mkdir(files.root, { recursive: true });
  const shas = [...missing.keys()];
  for (let start = 0; start < shas.length; start += BATCH) {
    const batch = shas.slice(start, start + BATCH);
    const contents = await db.selectFrom('channel_files').select(['sha256', 'content']).distinctOn('sha256').where('sha256', 'in', batch).orderBy('sha256').execute();
    for (const { sha256, content } of contents) {
      for (const target of missing.get(sha256) ?? []) {
        // Written aside and renamed: another instance sharing the media dir never reads half a file.
        // A random name, not the pid: two loads in one process (two apps, one media dir) write at once.
        const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
        await writeFile(partial, content);
        await rename(partial, target);
      }
    }
  }
  for (const [id, index] of byChannel) files.set(id, index);
}
