import type { ShareRule } from '@grandstand/contract';

/**
 * Revenue by school and by team (spec §1 reports; the channel's revenue-share statements), in
 * cents so that every list adds up to the period's revenue exactly:
 * - a single event's money goes to that game: its school (the event's own, else its teams'
 *   schools) and its teams, in equal parts when there are several;
 * - a team pass's money goes to its team and the team's school;
 * - subscriptions and category passes (money no one game or team earned) are pooled and shared
 *   by the channel's rule: by the watch time of each school's and team's games in the period
 *   (a game's seconds counted for its schools and teams as its money is), or in equal parts among
 *   the schools and teams that had a game in the period;
 * - what cannot be credited (a game without a school, a pool with no watch time or no game, the
 *   watch-time rule without the analytics service) is its own line, so the sums still hold.
 */

export interface Charge {
  cents: number;
  /** event | package | subscription */
  type: string;
  /** The event (type event). */
  eventId: number | null;
  /** The team of a team pass (type package). */
  teamId: number | null;
}

export interface GameInfo {
  schoolIds: number[];
  teamIds: number[];
}

export interface ShareInput {
  charges: Charge[];
  /** Every event of the channel a charge or a weight may name. */
  games: ReadonlyMap<number, GameInfo>;
  /** Team → its school. */
  teamSchool: ReadonlyMap<number, number | null>;
  rule: ShareRule;
  /** Seconds watched per event in the period; null: the analytics service's figures are missing. */
  eventSeconds: ReadonlyMap<number, number> | null;
  /** The events played in the period (the flat rule's schools and teams). */
  playedEventIds: readonly number[];
}

export interface ShareTotals {
  direct: number;
  pooled: number;
  /** The pool's weight of this school or team (seconds under the watch-time rule). */
  weight: number;
}

export interface ShareSide {
  /** id → cents and weight; key null: not credited to anyone. */
  lines: Map<number | null, ShareTotals>;
}

export interface ShareResult {
  totalCents: number;
  pooledCents: number;
  schools: ShareSide;
  teams: ShareSide;
}

/**
 * Splits `cents` in proportion to `weights` (all ≥ 0, some > 0), by the largest remainder: the
 * parts are whole cents and add up to `cents` exactly; ties go to the earlier weight.
 */
export function splitCents(cents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) throw new Error('splitCents needs a positive weight');
  const exact = weights.map((weight) => (cents * weight) / total);
  const parts = exact.map(Math.floor);
  let left = cents - parts.reduce((sum, part) => sum + part, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

function side(): ShareSide {
  return { lines: new Map() };
}

function line(of: ShareSide, id: number | null): ShareTotals {
  let totals = of.lines.get(id);
  if (!totals) of.lines.set(id, (totals = { direct: 0, pooled: 0, weight: 0 }));
  return totals;
}

/** `cents` to `ids` in equal parts, or to the line of no one when there is none. */
function credit(of: ShareSide, ids: readonly number[], cents: number, kind: 'direct' | 'pooled'): void {
  if (ids.length === 0) {
    line(of, null)[kind] += cents;
    return;
  }
  const parts = splitCents(cents, ids.map(() => 1));
  ids.forEach((id, index) => {
    line(of, id)[kind] += parts[index]!;
  });
}

function unique(ids: Iterable<number | null | undefined>): number[] {
  return [...new Set([...ids].filter((id): id is number => typeof id === 'number'))].sort((a, b) => a - b);
}

/** The schools of a game: its own school, else its teams' schools. */
function schoolsOf(game: GameInfo | undefined, teamSchool: ReadonlyMap<number, number | null>): number[] {
  if (!game) return [];
  if (game.schoolIds.length > 0) return unique(game.schoolIds);
  return unique(game.teamIds.map((team) => teamSchool.get(team)));
}

/** Shares the pool on one side by its weights, or leaves it to no one. */
function sharePool(of: ShareSide, pooledCents: number, weights: Map<number, number>): void {
  const ids = [...weights.keys()].filter((id) => (weights.get(id) ?? 0) > 0).sort((a, b) => a - b);
  for (const id of ids) line(of, id).weight = weights.get(id)!;
  if (pooledCents === 0) return;
  if (ids.length === 0) {
    line(of, null).pooled += pooledCents;
    return;
  }
  const parts = splitCents(pooledCents, ids.map((id) => weights.get(id)!));
  ids.forEach((id, index) => {
    line(of, id).pooled += parts[index]!;
  });
}

/** Adds `seconds` to `ids` in equal parts (a game's watch time counted as its money is). */
function weigh(weights: Map<number, number>, ids: readonly number[], seconds: number): void {
  for (const id of ids) weights.set(id, (weights.get(id) ?? 0) + seconds / ids.length);
}

export function shareRevenue(input: ShareInput): ShareResult {
  const schools = side();
  const teams = side();
  let totalCents = 0;
  let pooledCents = 0;
  for (const charge of input.charges) {
    totalCents += charge.cents;
    if (charge.type === 'event' && charge.eventId !== null) {
      const game = input.games.get(charge.eventId);
      credit(schools, schoolsOf(game, input.teamSchool), charge.cents, 'direct');
      credit(teams, unique(game?.teamIds ?? []), charge.cents, 'direct');
    } else if (charge.type === 'package' && charge.teamId !== null) {
      credit(teams, [charge.teamId], charge.cents, 'direct');
      credit(schools, unique([input.teamSchool.get(charge.teamId)]), charge.cents, 'direct');
    } else {
      pooledCents += charge.cents;
    }
  }

  const schoolWeights = new Map<number, number>();
  const teamWeights = new Map<number, number>();
  if (input.rule === 'watch_time') {
    for (const [eventId, seconds] of input.eventSeconds ?? []) {
      const game = input.games.get(eventId);
      if (!game || seconds <= 0) continue;
      weigh(schoolWeights, schoolsOf(game, input.teamSchool), seconds);
      weigh(teamWeights, unique(game.teamIds), seconds);
    }
  } else {
    for (const eventId of input.playedEventIds) {
      const game = input.games.get(eventId);
      for (const school of schoolsOf(game, input.teamSchool)) schoolWeights.set(school, 1);
      for (const team of unique(game?.teamIds ?? [])) teamWeights.set(team, 1);
    }
  }
  sharePool(schools, pooledCents, schoolWeights);
  sharePool(teams, pooledCents, teamWeights);
  return { totalCents, pooledCents, schools, teams };
}

/** What the channel pays a line: its revenue × percent, to the cent (half a cent up). */
export function shareOf(revenueCents: number, percent: number): number {
  return Math.round((revenueCents * Math.round(percent * 100)) / 10_000);
}
