import type { StreamInfo } from '@grandstand/analytics';

/** A clip as the analytics service hears of it: its id, name and its game's tags. */
export interface ClipStreamTags {
  id: number;
  name: string;
  /** The game's category (sport) name. */
  category: string | undefined;
  /** The game's teams, joined as the watch page joins them. */
  team: string | undefined;
  league: string | undefined;
}

/**
 * What the analytics service is told about a clip (spec §7 video events and viewing time): the
 * clip as a `clip` stream (its id is not its game's), its name, and its game's tags, so its
 * watch time counts for the game's sport and teams.
 */
export function clipStreamInfo({ id, name, category, team, league }: ClipStreamTags): StreamInfo {
  const tags = Object.fromEntries(Object.entries({ category, team, league }).filter(([, value]) => value));
  return { stream_id: id, stream_type: 'clip', stream_title: name, ...tags };
}

/** Several teams in one tag: the service's columns hold one text each. */
export function joinedTeams(names: readonly string[]): string | undefined {
  return names.length > 0 ? [...new Set(names)].join(' | ') : undefined;
}
