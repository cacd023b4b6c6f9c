import type { ChannelClipsConfig, CreateClipBody } from '@grandstand/contract';
import type { ClipSpan } from './cutter.ts';
import type { ViewerClipLimits } from './limits.ts';
import type { ClipRefusal } from './refusal.ts';

/** The capabilities of spec §6 that clips ask for. */
export type ClipCapability = 'clipping' | 'download_clip' | 'download';

/**
 * A viewer's capabilities (spec §3 User, §6): their account's own plus those the channel grants
 * every logged-in viewer (`channel.json` `clips.grant`). A visitor has none.
 */
export function capabilitiesOf(user: { capabilities: readonly string[] } | null, clips: ChannelClipsConfig | undefined): Set<string> {
  if (!user) return new Set();
  return new Set([...user.capabilities.map((c) => String(c).toLowerCase()), ...(clips?.grant ?? [])]);
}

/** What a viewer has used of the channel's limits (spec §6 counters). */
export interface ClipUsage {
  /** Clips held now (not failed): deleting one frees it. */
  clips: number;
  /** Downloads (clips and recordings) in the last 24 hours. */
  downloads: number;
}

/** What is left of each of the viewer's limits (the channel's, or the server's where it sets none). */
export function leftOf(limits: ViewerClipLimits, usage: ClipUsage): { clips: number; downloads: number } {
  return { clips: Math.max(0, limits.clips - usage.clips), downloads: Math.max(0, limits.downloads - usage.downloads) };
}

/** A refusal naming its field (ApiErrorBody), with its status; its words and code are the refusal's (refusal.ts). */
export interface ClipProblem {
  status: number;
  field: string;
  refusal: ClipRefusal;
}

/**
 * spec §5 clip rules on the body, before anything is looked up: a name, at least one of the
 * channel's tags. Tags are returned in the channel's order, without repeats.
 */
export function checkClipBody(body: Pick<CreateClipBody, 'name' | 'tags'>, clips: ChannelClipsConfig): ClipProblem | { name: string; tags: string[] } {
  const name = body.name.trim();
  if (name.length === 0) return { status: 422, field: 'name', refusal: 'nameRequired' };
  const offered = clips.tags.map((tag) => tag.id);
  const wanted = new Set(body.tags);
  const tags = offered.filter((id) => wanted.has(id));
  if (tags.length === 0 || tags.length !== wanted.size) return { status: 422, field: 'tags', refusal: 'tagRequired' };
  return { name, tags };
}

/** spec §5: the clip lies within the span it may be cut from; a start outside names start_time, an end past it duration. */
export function checkClipSpan(start: number, duration: number, span: ClipSpan): ClipProblem | null {
  // A thousandth of a second of slack: the site computes the live edge from a wall clock.
  const slack = 0.001;
  if (start < span.start - slack || start >= span.end) return { status: 422, field: 'start_time', refusal: 'startOutside' };
  if (start + duration > span.end + slack) return { status: 422, field: 'duration', refusal: 'durationTooLong' };
  return null;
}
