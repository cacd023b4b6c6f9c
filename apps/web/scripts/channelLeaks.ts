// What of a channel must never be in the site's build (spec §1: a channel's look, name and language
// come from server settings): one build serves every channel, so a channel's name or key found in a
// bundle is another channel's page showing it, or a channel that needs a build of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface ChannelMarks {
  slug: string;
  name: string;
  channelKey: string;
}

export interface ChannelLeak {
  /** The file, relative to the folder searched. */
  file: string;
  slug: string;
  /** What of the channel the file holds. */
  found: 'name' | 'channel key';
}

/** A file's text as a browser or the server reads it: the precompressed copies are searched uncompressed. */
function textOf(file: string): string {
  const content = readFileSync(file);
  if (file.endsWith('.br')) return brotliDecompressSync(content).toString('utf8');
  if (file.endsWith('.gz')) return gunzipSync(content).toString('utf8');
  return content.toString('utf8');
}

/**
 * Every file under `dir` (scripts, styles, pages, source maps, their compressed copies and the
 * server renderer alike) that holds a channel's name or channel key.
 */
export function findChannelLeaks(dir: string, channels: readonly ChannelMarks[]): ChannelLeak[] {
  const leaks: ChannelLeak[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const text = textOf(file);
    for (const channel of channels) {
      if (text.includes(channel.name)) leaks.push({ file: relative(dir, file), slug: channel.slug, found: 'name' });
      if (text.includes(channel.channelKey)) leaks.push({ file: relative(dir, file), slug: channel.slug, found: 'channel key' });
    }
  }
  return leaks;
}
